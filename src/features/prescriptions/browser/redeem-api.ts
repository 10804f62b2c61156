import { apiClient, attempt, type ApiClient, type Outcome } from '../../../platform/api-client';
import type { Locale } from '../../../platform/i18n/locales';
import type { RedeemBody } from '../model/redeem-input';

/*
 * The redeem screen's calls (issue 29). A body carries a token, a bearer secret: it goes in the
 * POST body only, never into a URL, a log line or an analytics event.
 */

const listCall = (client: ApiClient) => client.GET('/api/v1/user/prescriptions');
const redeemCall = (client: ApiClient, body: RedeemBody) => client.POST('/api/v1/user/prescriptions', { body });

/** GET /user/prescriptions: the customer's prescriptions and co-payment exemption. */
export type PrescriptionList = NonNullable<Awaited<ReturnType<typeof listCall>>['data']>;
export type PrescriptionView = PrescriptionList['prescriptions'][number];
export type PrescriptionItem = PrescriptionView['items'][number];
export type Exemption = PrescriptionList['exemption'];
/** POST /user/prescriptions when at least one token was redeemed: those, and the code's others that failed. */
export type RedeemAnswer = NonNullable<Awaited<ReturnType<typeof redeemCall>>['data']>;
export type RedeemFailure = RedeemAnswer['failures'][number];

export function loadPrescriptions(locale: Locale): Promise<Outcome<PrescriptionList>> {
  return attempt(() => listCall(apiClient(locale)), locale);
}

export function redeemPrescription(locale: Locale, body: RedeemBody): Promise<Outcome<RedeemAnswer>> {
  return attempt(() => redeemCall(apiClient(locale), body), locale);
}

export function giveBackPrescription(locale: Locale, id: string): Promise<Outcome<PrescriptionView>> {
  return attempt(() => apiClient(locale).DELETE('/api/v1/user/prescriptions/{id}', { params: { path: { id } } }), locale);
}

export function saveExemption(locale: Locale, exemption: Exemption): Promise<Outcome<Exemption>> {
  return attempt(() => apiClient(locale).PUT('/api/v1/user/prescriptions/exemption', { body: exemption }), locale);
}
