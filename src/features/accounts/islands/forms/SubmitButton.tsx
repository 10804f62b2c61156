import type { ReactNode } from 'react';

interface SubmitButtonProps {
  busy: boolean;
  /** False until hydrated: before that a click would submit the form natively (values in the URL). */
  ready: boolean;
  busyLabel: string;
  children: ReactNode;
  variant?: 'primary' | 'secondary' | 'danger';
  type?: 'submit' | 'button';
  onClick?: () => void;
}

/** Disabled while the request runs, so a second click cannot send it twice. */
export function SubmitButton({ busy, ready, busyLabel, children, variant = 'primary', type = 'submit', onClick }: SubmitButtonProps) {
  return (
    <button type={type} className={`auth-button auth-button--${variant}`} disabled={busy || !ready} aria-busy={busy || undefined} onClick={onClick}>
      {busy ? busyLabel : children}
    </button>
  );
}
