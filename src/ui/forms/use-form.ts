import { useCallback, useRef, useState, type FormEvent } from 'react';
import { loadErrorCatalogue } from '../../platform/api-client/error-text';

/*
 * A form's values, client checks and errors, for the forms whose island must stay light (issue 30:
 * react-hook-form only where a form needs it). Inputs stay uncontrolled: what was typed is read
 * from the inputs at submit and stays there whatever the server answers. The zod schema is asked
 * for with `schema: () => import(...)`, so zod and the checks load at the first submit, not with
 * the page. After a submit that found errors, each change checks again, so an error goes away as
 * the field is fixed (as react-hook-form does by default).
 */

/** A field's error: `type` 'server' carries text in the page language, else `message` is a key or a code. */
export interface FieldError {
  type: string;
  message?: string;
}

/** What a `<input>` takes from `register`: name, the input itself, and the change to listen to. */
export interface FieldRegistration {
  name: string;
  ref: (element: HTMLInputElement | null) => void;
  onChange: (event: { target: unknown }) => unknown;
}

/** The part of a zod (mini) schema the form uses. */
interface Checks<T> {
  safeParse(values: unknown): { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

export interface FormOptions<T extends Record<string, string | boolean>> {
  /** The values the inputs start with. */
  defaultValues?: T;
  /**
   * Values that follow fresher data (the profile as a newer copy arrives): each change is written
   * into the fields the user has not changed, never over what they are typing.
   */
  values?: T;
  /** The schema, loaded when first needed (a dynamic import keeps zod off the page's first load); none: no client checks. */
  schema?: () => Promise<Checks<T>>;
}

export type FieldErrors<T> = Partial<Record<keyof T & string, FieldError>>;

export interface Form<T extends Record<string, string | boolean>> {
  register(name: keyof T & string): FieldRegistration;
  handleSubmit(submit: (values: T) => Promise<void> | void): (event?: FormEvent) => Promise<void>;
  formState: { errors: FieldErrors<T>; isSubmitting: boolean };
  getValues(): T;
  getValues<K extends keyof T & string>(name: K): T[K];
  setError(name: keyof T & string, error: FieldError, options?: { shouldFocus?: boolean }): void;
  setFocus(name: keyof T & string): void;
  reset(values?: T): void;
}

function firstErrors<T>(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors<T> {
  const errors: Record<string, FieldError> = {};
  for (const issue of issues) {
    const name = String(issue.path[0] ?? '');
    // The first failing check of a field is the one shown (schemas order them).
    if (name && !errors[name]) errors[name] = { type: 'invalid', message: issue.message };
  }
  return errors as FieldErrors<T>;
}

const inputValue = (input: HTMLInputElement): string | boolean => (input.type === 'checkbox' ? input.checked : input.value);

function write(input: HTMLInputElement, value: string | boolean | undefined): void {
  if (input.type === 'checkbox') input.checked = value === true;
  else input.value = typeof value === 'string' ? value : '';
}

export function useForm<T extends Record<string, string | boolean>>({ defaultValues, values, schema }: FormOptions<T>): Form<T> {
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const defaults = useRef((values ?? defaultValues ?? {}) as T);
  const followed = useRef(JSON.stringify(values ?? null));
  if (values && JSON.stringify(values) !== followed.current) {
    // Fields still showing the previous values take the new ones; a field being edited keeps its text.
    for (const [name, input] of inputs.current) if (inputValue(input) === defaults.current[name]) write(input, values[name]);
    defaults.current = values;
    followed.current = JSON.stringify(values);
  }
  const submitted = useRef(false);
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const [isSubmitting, setSubmitting] = useState(false);

  const read = useCallback((): T => {
    const values: Record<string, string | boolean> = { ...defaults.current };
    for (const [name, input] of inputs.current) values[name] = inputValue(input);
    return values as T;
  }, []);

  const check = useCallback(async (): Promise<{ values: T; errors: FieldErrors<T> }> => {
    if (!schema) return { values: read(), errors: {} };
    const [checks] = await Promise.all([schema(), loadErrorCatalogue().catch(() => undefined)]);
    const parsed = checks.safeParse(read());
    return parsed.success ? { values: parsed.data, errors: {} } : { values: read(), errors: firstErrors<T>(parsed.error.issues) };
  }, [schema, read]);

  const focus = (name: string) => inputs.current.get(name)?.focus();

  const form: Form<T> = {
    register: (name) => ({
      name,
      ref: (element) => {
        if (!element) return;
        if (!inputs.current.has(name)) write(element, defaults.current[name]);
        inputs.current.set(name, element);
      },
      onChange: () => {
        if (submitted.current) void check().then((result) => setErrors(result.errors));
      },
    }),
    handleSubmit: (submit) => async (event) => {
      event?.preventDefault();
      submitted.current = true;
      const result = await check();
      setErrors(result.errors);
      if (Object.keys(result.errors).length > 0) {
        // The first invalid field in the form's order (inputs register as they render).
        const first = [...inputs.current.keys()].find((name) => name in result.errors);
        if (first) focus(first);
        return;
      }
      setSubmitting(true);
      try {
        await submit(result.values);
      } finally {
        setSubmitting(false);
      }
    },
    formState: { errors, isSubmitting },
    getValues: ((name?: keyof T & string) => (name === undefined ? read() : read()[name])) as Form<T>['getValues'],
    setError: (name, error, options) => {
      setErrors((current) => ({ ...current, [name]: error }));
      if (options?.shouldFocus) focus(name);
    },
    setFocus: focus,
    reset: (values) => {
      if (values) defaults.current = values;
      for (const [name, input] of inputs.current) write(input, defaults.current[name]);
      submitted.current = false;
      setErrors({});
    },
  };
  return form;
}
