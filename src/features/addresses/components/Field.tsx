import type { InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  hint?: string | undefined;
}

/**
 * A labelled input whose error sits right under it: aria-invalid marks it, aria-describedby reads
 * hint and error with it, and role="alert" announces the error when it appears. What was typed stays.
 */
export function Field({ id, label, registration, error, hint, className, ...input }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['address-field', error ? 'address-field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      <input id={id} type="text" {...input} {...registration} aria-invalid={error ? true : undefined} aria-describedby={describedBy} />
      {hint && (
        <p id={hintId} className="address-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="address-field__error" role="alert">
          <span aria-hidden="true">⚠ </span>
          {error}
        </p>
      )}
    </div>
  );
}
