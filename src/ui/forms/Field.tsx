import type { InputHTMLAttributes } from 'react';
import type { FieldRegistration } from './use-form';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> {
  id: string;
  label: string;
  /** From the form hook's `register` (use-form.ts). */
  registration: FieldRegistration;
  error?: string | undefined;
  hint?: string | undefined;
  /** The BEM block its feature's stylesheet styles (`auth-field`, `address-field`, …). */
  block: string;
}

/**
 * A labelled input whose error sits right under it: aria-invalid marks it, aria-describedby reads
 * hint and error with it, and role="alert" announces the error when it appears. What was typed
 * stays. Stylesheets add a warning sign before the error (::before), so colour is not the only cue.
 */
export function Field({ id, label, registration, error, hint, className, block, ...input }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  // Error first: it is what the reader needs to hear before the standing hint.
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[block, error ? `${block}--invalid` : '', className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} {...registration} aria-invalid={error ? true : undefined} aria-describedby={describedBy} />
      {hint && (
        <p id={hintId} className={`${block}__hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={`${block}__error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
