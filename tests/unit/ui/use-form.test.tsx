// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { useForm, type FieldError } from '../../../src/ui/forms/use-form';

/*
 * The form hook of the light forms (sign-in, settings, pharmacy finder): checks at submit with a
 * schema loaded only then, focus on the first invalid field, server errors on their fields, what
 * was typed kept, errors cleared as the field is fixed.
 */
type Values = { email: string; code: string; news: boolean };
const checks = z.object({
  email: z.string().check(z.refine((v) => v.includes('@'), 'INVALID_EMAIL')),
  code: z.string().check(z.refine((v) => /^\d{6}$/.test(v), 'codeFormat')),
  news: z.boolean(),
});

function TestForm({ schema, onSubmit, server }: { schema: () => Promise<typeof checks>; onSubmit: (values: Values) => Promise<void>; server?: FieldError }) {
  const form = useForm<Values>({ schema, defaultValues: { email: 'a@b.de', code: '', news: true } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    await onSubmit(values);
    if (server) form.setError('email', server, { shouldFocus: true });
  });
  return (
    <form onSubmit={submit} noValidate>
      <input aria-label="email" {...form.register('email')} />
      {errors.email && <p role="alert">email: {errors.email.message}</p>}
      <input aria-label="code" {...form.register('code')} />
      {errors.code && <p role="alert">code: {errors.code.message}</p>}
      <input aria-label="news" type="checkbox" {...form.register('news')} />
      <button type="submit" disabled={isSubmitting}>
        send
      </button>
    </form>
  );
}

const input = (name: string) => screen.getByLabelText<HTMLInputElement>(name);
const send = () => act(async () => void fireEvent.click(screen.getByRole('button', { name: 'send' })));

afterEach(cleanup);

describe('useForm', () => {
  it('loads its checks only at the first submit, shows the first failing check and focuses that field', async () => {
    const schema = vi.fn(async () => checks);
    const onSubmit = vi.fn(async () => undefined);
    render(<TestForm schema={schema} onSubmit={onSubmit} />);
    expect(input('email').value).toBe('a@b.de');
    expect(input('news').checked).toBe(true);
    expect(schema).not.toHaveBeenCalled();

    fireEvent.change(input('email'), { target: { value: 'nobody' } });
    await send();
    expect(schema).toHaveBeenCalledTimes(1);
    // The checks and the error catalogue arrive first (both are loaded, not bundled with the page).
    expect((await screen.findAllByRole('alert')).map((alert) => alert.textContent)).toEqual(['email: INVALID_EMAIL', 'code: codeFormat']);
    expect(document.activeElement).toBe(input('email'));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('clears an error as the field is fixed and submits the values read from the inputs', async () => {
    const onSubmit = vi.fn(async (values: Values) => void values);
    render(<TestForm schema={async () => checks} onSubmit={onSubmit} />);
    await send();
    expect((await screen.findByRole('alert')).textContent).toBe('code: codeFormat');
    await act(async () => void fireEvent.change(input('code'), { target: { value: '123456' } }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    fireEvent.click(input('news'));
    await send();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({ email: 'a@b.de', code: '123456', news: false });
  });

  it('disables the submit while the request runs, then puts the server error on its field and keeps what was typed', async () => {
    let answer!: () => void;
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (answer = resolve)));
    render(<TestForm schema={async () => checks} onSubmit={onSubmit} server={{ type: 'server', message: 'Schon vergeben.' }} />);
    fireEvent.change(input('code'), { target: { value: '654321' } });
    await send();
    await waitFor(() => expect(screen.getByRole('button', { name: 'send' })).toHaveProperty('disabled', true));
    await act(async () => answer());
    expect(screen.getByRole('button', { name: 'send' })).toHaveProperty('disabled', false);
    expect((await screen.findByRole('alert')).textContent).toBe('email: Schon vergeben.');
    expect(document.activeElement).toBe(input('email'));
    expect(input('email').value).toBe('a@b.de');
    expect(input('code').value).toBe('654321');
  });
});
