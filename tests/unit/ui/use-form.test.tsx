// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
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

/*
 * What the checkout needs of the same hook: radio groups and a select, a step that leaves the page
 * and comes back with its answer, named groups of fields (`safety.*`), values set by the screen,
 * a watcher of every change, a field checked as it is left, and a screen that focuses on its own.
 */
type Order = { delivery: string; slot: string; tip: string; safety: { pregnant: string; nursing: string } };
const orderChecks = {
  safeParse(values: unknown) {
    const order = values as Order;
    const issues = [
      ...(order.delivery ? [] : [{ path: ['delivery'], message: 'chooseDelivery' }]),
      ...(['pregnant', 'nursing'] as const).filter((key) => !order.safety[key]).map((key) => ({ path: ['safety', key], message: 'answerRequired' })),
    ];
    return issues.length === 0 ? { success: true as const, data: order } : { success: false as const, error: { issues } };
  },
};

function OrderForm({ onSubmit, onInvalid, heard }: { onSubmit: (values: Order) => void; onInvalid: () => void; heard: (name: string) => void }) {
  const form = useForm<Order>({
    schema: async () => orderChecks,
    focusOnError: false,
    defaultValues: { delivery: '', slot: '', tip: '100', safety: { pregnant: '', nursing: 'no' } },
  });
  const values = form.watch();
  const [subscribed] = useState(() => form.subscribe(heard));
  void subscribed;
  const { errors } = form.formState;
  return (
    <form onSubmit={(event) => void form.handleSubmit(onSubmit, onInvalid)(event)} noValidate>
      {['courier', 'parcel'].map((option) => (
        <label key={option}>
          <input type="radio" value={option} {...form.register('delivery', { onChange: (event) => form.setValue('slot', event.target.value === 'courier' ? '18:00' : '') })} />
          {option}
        </label>
      ))}
      {errors.delivery && <p role="alert">delivery: {errors.delivery.message}</p>}
      {values.delivery === 'courier' && (
        <>
          <select aria-label="slot" {...form.register('slot')}>
            <option value="18:00">18:00</option>
            <option value="19:00">19:00</option>
          </select>
          {['100', '200'].map((cents) => (
            <label key={cents}>
              <input type="radio" value={cents} {...form.register('tip')} />
              tip {cents}
            </label>
          ))}
        </>
      )}
      {(['pregnant', 'nursing'] as const).map((key) => (
        <fieldset key={key}>
          <legend>{key}</legend>
          {['yes', 'no'].map((answer) => (
            <label key={answer}>
              <input type="radio" value={answer} {...form.register(`safety.${key}`, { onBlur: () => void form.trigger(`safety.${key}`) })} />
              {`${key} ${answer}`}
            </label>
          ))}
          {errors[`safety.${key}`] && <p role="alert">{`${key}: ${errors[`safety.${key}`]?.message}`}</p>}
        </fieldset>
      ))}
      <button type="button" onClick={() => form.clearErrors('delivery')}>
        forget
      </button>
      <button type="submit">send</button>
    </form>
  );
}

const radio = (name: string) => screen.getByLabelText<HTMLInputElement>(name);
const alerts = () => screen.queryAllByRole('alert').map((alert) => alert.textContent);

describe('useForm on the checkout', () => {
  it('reads radio groups, a select and named groups, and keeps a hidden step answer for its return', async () => {
    const onSubmit = vi.fn();
    const heard = vi.fn();
    render(<OrderForm onSubmit={onSubmit} onInvalid={() => undefined} heard={heard} />);
    expect(radio('nursing no').checked).toBe(true);
    expect(screen.queryByLabelText('slot')).toBeNull();

    await act(async () => void fireEvent.click(radio('courier')));
    // The choice's own handler set the slot, the select shows it, and the watcher heard both changes.
    expect(screen.getByLabelText<HTMLSelectElement>('slot').value).toBe('18:00');
    expect(heard.mock.calls.map(([name]) => name)).toEqual(['slot', 'delivery']);
    expect(radio('tip 100').checked).toBe(true);
    await act(async () => void fireEvent.click(radio('tip 200')));
    fireEvent.change(screen.getByLabelText('slot'), { target: { value: '19:00' } });

    // Parcel hides the courier's step; back to the courier, its answers are as they were left.
    await act(async () => void fireEvent.click(radio('parcel')));
    expect(screen.queryByLabelText('tip 200')).toBeNull();
    await act(async () => void fireEvent.click(radio('courier')));
    expect(radio('tip 200').checked).toBe(true);
    expect(radio('tip 100').checked).toBe(false);

    await act(async () => void fireEvent.click(radio('pregnant yes')));
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'send' })));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    // The courier's choice set the slot back to its first window; the hidden and shown answers are all there.
    expect(onSubmit).toHaveBeenCalledWith({ delivery: 'courier', slot: '18:00', tip: '200', safety: { pregnant: 'yes', nursing: 'no' } });
  });

  it('puts a group field\'s error under its name, leaves the focus to the screen, checks a field as it is left and clears an error on request', async () => {
    const onInvalid = vi.fn();
    render(<OrderForm onSubmit={vi.fn()} onInvalid={onInvalid} heard={() => undefined} />);
    const before = document.activeElement;
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'send' })));
    await waitFor(() => expect(onInvalid).toHaveBeenCalledTimes(1));
    expect(alerts()).toEqual(['delivery: chooseDelivery', 'pregnant: answerRequired']);
    expect(document.activeElement).toBe(before);

    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'forget' })));
    expect(alerts()).toEqual(['pregnant: answerRequired']);
    // Answering re-checks the form (after a submit); leaving a field checks only that field.
    await act(async () => void fireEvent.click(radio('pregnant no')));
    await waitFor(() => expect(alerts()).toEqual(['delivery: chooseDelivery']));
    await act(async () => void fireEvent.blur(radio('nursing no')));
    expect(alerts()).toEqual(['delivery: chooseDelivery']);
  });
});
