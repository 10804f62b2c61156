import type { Problem } from '../../../platform/api-client/outcome';
import { loginRedirectUrl } from '../model/guard';
import { endSession } from './start-session';

/**
 * A revoked or expired token (logout elsewhere, password change on another device) answers 401:
 * forget it and go to login, coming back here afterwards. True when it handled the problem.
 */
export function handleUnauthorized(problem: Pick<Problem, 'status' | 'code'>): boolean {
  if (problem.status !== 401 && problem.code !== 'UNAUTHORIZED') return false;
  endSession();
  location.replace(loginRedirectUrl(location.pathname, location.search));
  return true;
}
