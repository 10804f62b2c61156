import { useCallback, useRef, useState, type FormEvent } from 'react';
import { loadErrorCatalogue } from '../../platform/api-client/error-text';

/*
 * A form's values, client checks and errors: the one form hook of the islands (issue 30: the
 * checkout, the account forms and the pharmacy finder share it; react-hook-form weighed 12 KB on
 * the checkout alone). Inputs stay uncontrolled: what was typed is read from the inputs at submit
 * and stays there whatever the server answers. A field that leaves the page (a step hidden for
 * this delivery choice) keeps its last value, and gets it back when it returns. The zod schema is
 * asked for with `schema: () => import(...)`, so zod and the checks load at the first submit, not
 * with the page. After a submit that found errors, each change checks again, so an error goes
 * away as the field is fixed (as react-hook-form does by default).
 */

/** A field's error: `type` 'server' carries text in the page language, else `message` is a key or a code. */
export interface FieldError {
  type: string;
  message?: string;
}

type Scalar = string | boolean;
/** A form's values: fields, or one level of named groups of fields (the checkout's `safety.*` answers). */
export type FormValues = Record<string, Scalar | Record<string, Scalar>>;
/** The constraint on a form's values type, which holds for interfaces too (they have no index signature). */
type ValuesShape<T> = { [K in keyof T]: Scalar | { [F in keyof T[K]]: Scalar } };

/** A field's name: `email`, or `group.field` for a field of a group. */
export type FieldName<T extends ValuesShape<T>> = {
  [K in keyof T & string]: T[K] extends Scalar ? K : `${K}.${keyof T[K] & string}`;
}[keyof T & string];

export type FieldValue<T, N extends string> = N extends `${infer G}.${infer F}`
  ? G extends keyof T
    ? F extends keyof T[G]
      ? T[G][F]
      : never
    : never
  : N extends keyof T
    ? T[N]
    : never;

type FieldElement = HTMLInputElement | HTMLSelectElement;

/** What an `<input>` or `<select>` takes from `register`: name, the element itself, and the events to listen to. */
export interface FieldRegistration {
  name: string;
  ref: (element: FieldElement | null) => (() => void) | undefined;
  onChange: (event: { target: unknown }) => unknown;
  onBlur: () => unknown;
}

export interface RegisterOptions {
  /** Runs after the form has taken the change (a choice that resets another field). */
  onChange?: (event: { target: { value: string } }) => void;
  onBlur?: () => void;
}

/** The part of a zod (mini) schema the form uses. */
interface Checks<T> {
  safeParse(values: unknown): { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

export interface FormOptions<T extends ValuesShape<T>> {
  /** The values the inputs start with. */
  defaultValues?: T;
  /**
   * Values that follow fresher data (the profile as a newer copy arrives): each change is written
   * into the fields the user has not changed, never over what they are typing.
   */
  values?: T;
  /** The schema, loaded when first needed (a dynamic import keeps zod off the page's first load); none: no client checks. */
  schema?: () => Promise<Checks<T>>;
  /** False: the form focuses nothing when a submit finds errors (the screen's own `onInvalid` does). */
  focusOnError?: boolean;
}

/** Errors by field name (`group.field` for a group's field). */
export type FieldErrors<T extends ValuesShape<T>> = Partial<Record<FieldName<T>, FieldError>>;

export interface Form<T extends ValuesShape<T>> {
  register(name: FieldName<T>, options?: RegisterOptions): FieldRegistration;
  handleSubmit(submit: (values: T) => Promise<void> | void, onInvalid?: (errors: FieldErrors<T>) => void): (event?: FormEvent) => Promise<void>;
  formState: { errors: FieldErrors<T>; isSubmitting: boolean };
  getValues(): T;
  getValues<N extends FieldName<T>>(name: N): FieldValue<T, N>;
  /** Sets a field (and its inputs on the page); subscribers hear of it as of a change. */
  setValue<N extends FieldName<T>>(name: N, value: FieldValue<T, N>): void;
  /** The current values, and this component draws again on every change. */
  watch(): T;
  /** Calls `listener` with the field's name after each change by the user or by `setValue`. */
  subscribe(listener: (name: FieldName<T>) => void): () => void;
  /** Checks the form now and shows this field's verdict only (a field checked as it is left). */
  trigger(name: FieldName<T>): Promise<void>;
  setError(name: FieldName<T>, error: FieldError, options?: { shouldFocus?: boolean }): void;
  clearErrors(name: FieldName<T>): void;
  setFocus(name: FieldName<T>): void;
  reset(values?: T): void;
}

function firstErrors<T extends ValuesShape<T>>(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors<T> {
  const errors: Record<string, FieldError> = {};
  for (const issue of issues) {
    const name = issue.path.map(String).join('.');
    // The first failing check of a field is the one shown (schemas order them).
    if (name && !errors[name]) errors[name] = { type: 'invalid', message: issue.message };
  }
  return errors as FieldErrors<T>;
}

function valueAt(values: unknown, name: string): Scalar | undefined {
  const [group, field] = name.split('.') as [string, string?];
  const value = (values as FormValues)[group];
  return field === undefined ? (value as Scalar | undefined) : typeof value === 'object' ? value[field] : undefined;
}

/** A copy of `values` with `name` set (groups are copied, never shared with defaults). */
function withValue<T>(values: T, name: string, value: Scalar): T {
  const [group, field] = name.split('.') as [string, string?];
  if (field === undefined) return { ...values, [group]: value };
  const current = (values as FormValues)[group];
  return { ...values, [group]: { ...(typeof current === 'object' ? current : {}), [field]: value } };
}

const isCheckbox = (element: FieldElement): element is HTMLInputElement => element instanceof HTMLInputElement && element.type === 'checkbox';
const isRadio = (element: FieldElement): element is HTMLInputElement => element instanceof HTMLInputElement && element.type === 'radio';

/** A field's value as its inputs on the page show it (a radio group: the checked one's value, else ''). */
function shown(elements: readonly FieldElement[]): Scalar {
  const [first] = elements;
  if (!first) return '';
  if (isCheckbox(first)) return first.checked;
  if (isRadio(first)) return elements.find((element) => (element as HTMLInputElement).checked)?.value ?? '';
  return first.value;
}

function show(element: FieldElement, value: Scalar | undefined): void {
  if (isCheckbox(element)) element.checked = value === true;
  else if (isRadio(element)) element.checked = element.value === value;
  else element.value = typeof value === 'string' ? value : '';
}

export function useForm<T extends ValuesShape<T>>({ defaultValues, values, schema, focusOnError = true }: FormOptions<T>): Form<T> {
  // Inputs by field name, in the order they joined (a radio group has several).
  const inputs = useRef(new Map<string, FieldElement[]>());
  // The values of fields not on the page; a field on the page is read from its inputs.
  const kept = useRef((values ?? defaultValues ?? {}) as T);
  const followed = useRef(JSON.stringify(values ?? null));
  const listeners = useRef(new Set<(name: FieldName<T>) => void>());
  const watched = useRef(false);
  const [, redraw] = useState(0);
  if (values && JSON.stringify(values) !== followed.current) {
    // Fields still showing the previous values take the new ones; a field being edited keeps its text.
    const previous = kept.current;
    let next = values;
    for (const [name, elements] of inputs.current) {
      if (shown(elements) !== valueAt(previous, name)) next = withValue(next, name, shown(elements));
      else for (const element of elements) show(element, valueAt(values, name));
    }
    kept.current = next;
    followed.current = JSON.stringify(values);
  }
  const submitted = useRef(false);
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const [isSubmitting, setSubmitting] = useState(false);

  const read = useCallback((): T => {
    let current = kept.current;
    for (const [name, elements] of inputs.current) if (elements.length > 0) current = withValue(current, name, shown(elements));
    return current;
  }, []);

  const check = useCallback(async (): Promise<{ values: T; errors: FieldErrors<T> }> => {
    if (!schema) return { values: read(), errors: {} };
    const [checks] = await Promise.all([schema(), loadErrorCatalogue().catch(() => undefined)]);
    const parsed = checks.safeParse(read());
    return parsed.success ? { values: parsed.data, errors: {} } : { values: read(), errors: firstErrors<T>(parsed.error.issues) };
  }, [schema, read]);

  const focus = (name: string) => {
    const elements = inputs.current.get(name) ?? [];
    (elements.find((element) => isRadio(element) && element.checked) ?? elements[0])?.focus();
  };

  const changed = (name: FieldName<T>) => {
    if (watched.current) redraw((version) => version + 1);
    for (const listener of listeners.current) listener(name);
  };

  // One registration per field, so React keeps each input's ref across redraws; its options are the latest given.
  const registrations = useRef(new Map<string, FieldRegistration>());
  const registerOptions = useRef(new Map<string, RegisterOptions | undefined>());
  const checkNow = useRef(check);
  checkNow.current = check;
  const registration = (name: FieldName<T>): FieldRegistration => ({
    name,
    ref: (element) => {
      if (!element) return undefined;
      // A field coming (back) onto the page shows the value the form kept for it.
      show(element, valueAt(kept.current, name));
      inputs.current.set(name, [...(inputs.current.get(name) ?? []), element]);
      return () => inputs.current.set(name, (inputs.current.get(name) ?? []).filter((other) => other !== element));
    },
    onChange: (event) => {
      kept.current = withValue(kept.current, name, shown(inputs.current.get(name) ?? []));
      if (submitted.current) void checkNow.current().then((result) => setErrors(result.errors));
      registerOptions.current.get(name)?.onChange?.(event as { target: { value: string } });
      changed(name);
    },
    onBlur: () => registerOptions.current.get(name)?.onBlur?.(),
  });

  // One form object for the component's life, as react-hook-form's: effects that depend on it run once.
  // Its methods read refs only; formState is the render's.
  const made = useRef<Form<T> | null>(null);
  const form: Form<T> = (made.current ??= {
    register: (name, options) => {
      registerOptions.current.set(name, options);
      let existing = registrations.current.get(name);
      if (!existing) registrations.current.set(name, (existing = registration(name)));
      return existing;
    },
    handleSubmit: (submit, onInvalid) => async (event) => {
      event?.preventDefault();
      submitted.current = true;
      const result = await checkNow.current();
      setErrors(result.errors);
      if (Object.keys(result.errors).length > 0) {
        // The first invalid field in the form's order (inputs register as they render).
        const first = [...inputs.current.keys()].find((name) => name in result.errors);
        if (first && focusOnError) focus(first);
        onInvalid?.(result.errors);
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
    getValues: ((name?: string) => (name === undefined ? read() : valueAt(read(), name))) as Form<T>['getValues'],
    setValue: (name, value) => {
      kept.current = withValue(kept.current, name, value as Scalar);
      for (const element of inputs.current.get(name) ?? []) show(element, value as Scalar);
      changed(name);
    },
    watch: () => {
      watched.current = true;
      return read();
    },
    subscribe: (listener) => {
      listeners.current.add(listener);
      return () => listeners.current.delete(listener);
    },
    trigger: async (name) => {
      const result = await checkNow.current();
      setErrors((current) => {
        const next: Record<string, FieldError | undefined> = { ...current, [name]: result.errors[name] };
        if (!next[name]) delete next[name];
        return next as FieldErrors<T>;
      });
    },
    setError: (name, error, options) => {
      setErrors((current) => ({ ...current, [name]: error }));
      if (options?.shouldFocus) focus(name);
    },
    clearErrors: (name) =>
      setErrors((current) => {
        if (!(name in current)) return current;
        const next = { ...current };
        delete next[name];
        return next;
      }),
    setFocus: focus,
    reset: (values) => {
      if (values) kept.current = values;
      for (const [name, elements] of inputs.current) for (const element of elements) show(element, valueAt(kept.current, name));
      submitted.current = false;
      setErrors({});
      if (watched.current) redraw((version) => version + 1);
    },
  });
  form.formState = { errors, isSubmitting };
  return form;
}
