/** Spec §5/§9: at least 8 characters. The upper bound only stops absurd payloads. */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 256;

/** The checks of a new password, in the order the user should fix them. */
export function newPasswordProblem(password: string, confirmation: string): 'INVALID_PASSWORD_LENGTH' | 'PASSWORD_MISMATCH' | null {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH || length > MAX_PASSWORD_LENGTH) return 'INVALID_PASSWORD_LENGTH';
  if (password !== confirmation) return 'PASSWORD_MISMATCH';
  return null;
}
