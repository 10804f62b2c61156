/**
 * Why reading a prescription code failed, as a code the screen words in the page's language. The
 * decoded texts are bearer secrets (domain rules: a token is a patient's prescription), so no error
 * ever carries them.
 */
export type ScanErrorCode =
  | 'no-code'
  | 'unreadable-file'
  | 'too-large'
  | 'reader-unavailable'
  | 'camera-denied'
  | 'no-camera'
  | 'camera-unavailable'
  | 'camera-unsupported';

export class ScanError extends Error {
  constructor(
    readonly code: ScanErrorCode,
    options?: { cause?: unknown },
  ) {
    super(code, options);
    this.name = 'ScanError';
  }
}

export function isScanError(error: unknown): error is ScanError {
  return error instanceof ScanError;
}
