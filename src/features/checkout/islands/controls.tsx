import type { InputHTMLAttributes, ReactNode } from 'react';
import type { FieldError, FieldRegistration } from '../../../ui/forms/use-form';
import { errorCodeText, isKnownErrorCode } from '../../../platform/api-client/error-text';
import type { Locale } from '../../../platform/i18n/locales';
import type { CheckoutText, CheckoutUiKey } from './text';

/**
 * The text of a field error: client checks carry a catalogue code or one of the screen's keys,
 * server errors arrive worded in the page language (type "server").
 */
export function errorText(error: FieldError | undefined, locale: Locale, text: CheckoutText): string | undefined {
  const message = error?.message;
  if (!message) return undefined;
  if (error.type === 'server') return message;
  if (isKnownErrorCode(message)) return errorCodeText(message, locale);
  return message in text ? text[message as CheckoutUiKey] : message;
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> {
  id: string;
  label: string;
  registration: FieldRegistration;
  error?: string | undefined;
  hint?: ReactNode;
}

/**
 * A labelled input whose error sits right under it: aria-invalid marks it, aria-describedby reads
 * error and hint with it, and role="alert" announces the error when it appears.
 */
export function TextField({ id, label, registration, error, hint, className, ...input }: TextFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['checkout-field', error ? 'checkout-field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      <input id={id} type="text" {...input} {...registration} aria-invalid={error ? true : undefined} aria-describedby={describedBy} />
      {hint && (
        <p id={hintId} className="checkout-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="checkout-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

interface ChoiceGroupProps {
  id: string;
  legend: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A group of radios or checkboxes: the legend names it, the error is read with it and announced. */
export function ChoiceGroup({ id, legend, error, hint, className, children }: ChoiceGroupProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset id={id} className={['checkout-choices', error ? 'checkout-choices--invalid' : '', className ?? ''].filter(Boolean).join(' ')} aria-describedby={describedBy}>
      <legend>{legend}</legend>
      {hint && (
        <p id={hintId} className="checkout-hint">
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p id={errorId} className="checkout-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** A card of the checkout: a section with its heading, so screen readers can jump between steps. */
export function Step({ id, title, children, className }: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <section className={['checkout-step', className ?? ''].filter(Boolean).join(' ')} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {children}
    </section>
  );
}
