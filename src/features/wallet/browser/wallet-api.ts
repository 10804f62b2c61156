import { apiClient, attempt, type ApiClient, type Outcome } from '../../../platform/api-client';
import type { Locale } from '../../../platform/i18n/locales';

const walletCall = (client: ApiClient) => client.GET('/api/v1/user/wallet');

/** The customer's credit as GET /user/wallet answers it. */
export type WalletView = NonNullable<Awaited<ReturnType<typeof walletCall>>['data']>;
export type WalletTransaction = WalletView['transactions'][number];

export async function loadWallet(locale: Locale): Promise<Outcome<WalletView>> {
  return attempt(() => walletCall(apiClient(locale)), locale);
}
