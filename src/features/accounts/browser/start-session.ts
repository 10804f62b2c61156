import type { AuthResult } from './api-types';
import { setProfile } from './profile-store';
import { saveToken } from '../../../platform/api-client/token';
import { clearSession, markLoggedIn } from './session';

/**
 * After login or registration: store the token and cache the profile, and switch the header menu
 * on this page. False when storage refuses the token (the session could not survive a page change).
 */
export function startSession(result: Pick<AuthResult, 'token' | 'user'>): boolean {
  if (!saveToken(result.token)) return false;
  setProfile(result.user);
  markLoggedIn(true);
  return true;
}

/** Local half of logging out (the API call that revokes the token happens first, if possible). */
export function endSession(): void {
  clearSession();
  setProfile(null);
  markLoggedIn(false);
}
