import { localizePath } from '../../../platform/i18n/locales';
import { apiClient } from '../../../platform/api-client';
import { getToken } from '../../../platform/api-client/token';
import { endSession } from './start-session';

/** How long the revocation may take before the page gives up waiting (the local session ends anyway). */
const REVOKE_TIMEOUT_MS = 4000;

/**
 * Revokes the token server-side first (so a copied token stops working), then forgets it locally
 * whatever the answer: a user who clicked "log out" must end up logged out on this device.
 */
export async function logOut(): Promise<void> {
  const german = new URLSearchParams(location.search).get('lang') === 'de';
  if (getToken()) {
    const revoke = apiClient(german ? 'de' : 'en')
      .POST('/api/v1/user/logout')
      .catch(() => undefined);
    await Promise.race([revoke, new Promise((resolve) => setTimeout(resolve, REVOKE_TIMEOUT_MS))]);
  }
  endSession();
  location.replace(localizePath('/shop/', german ? 'de' : 'en'));
}
