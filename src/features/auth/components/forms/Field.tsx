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
 * hint and error with it, and role="alert" announces the error when it appears.
 */
export function Field({ id, label, registration, error, hint, className, ...input }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['auth-field', error ? 'auth-field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} {...registration} aria-invalid={error ? true : undefined} aria-describedby={describedBy} />
      {hint && (
        <p id={hintId} className="auth-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="auth-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
