import { getToken } from '../../auth';
import { createApiClient } from '../../../platform/api-client';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { cartControlMessages } from '../i18n/control-messages';
import type { CartSnapshot } from '../model/mirror';

/** A cart call's result: the whole cart, or the server's error code and message (request language). */
export type CartOutcome = { ok: true; cart: CartSnapshot } | { ok: false; status: number; code: string; message: string };

type Answer = { data?: CartSnapshot; error?: { code?: string; message?: string }; response: Response };

/** The cart calls through the typed client (paths and bodies checked against the OpenAPI types). */
export function cartApi(locale: Locale) {
  const client = createApiClient({ getToken: () => getToken(), locale });
  const t = translator(cartControlMessages, locale);

  async function settle(call: Promise<Answer>): Promise<CartOutcome> {
    let answer: Answer;
    try {
      answer = await call;
    } catch {
      // Offline or the server unreachable: no status, the generic message (spec §8).
      return { ok: false, status: 0, code: 'GENERIC_ERROR', message: t('genericError') };
    }
    if (answer.data) return { ok: true, cart: answer.data };
    return {
      ok: false,
      status: answer.response.status,
      code: answer.error?.code ?? 'GENERIC_ERROR',
      message: answer.error?.message ?? t('genericError'),
    };
  }

  return {
    get: () => settle(client.GET('/api/v1/user/cart')),
    increment: (pzn: string, by: number) =>
      settle(client.POST('/api/v1/user/cart/items/{pzn}/increment', { params: { path: { pzn } }, body: { by } })),
    setQuantity: (pzn: string, quantity: number) =>
      settle(client.PUT('/api/v1/user/cart/items/{pzn}', { params: { path: { pzn } }, body: { quantity } })),
    setPharmacy: (pharmacyId: string) => settle(client.PUT('/api/v1/user/cart/pharmacy', { body: { pharmacyId } })),
    /** The pharmacy's display name (public catalogue call); null when unknown. */
    async pharmacyName(id: string): Promise<string | null> {
      try {
        const { data } = await client.GET('/api/shop/v1/pharmacies/{id}', { params: { path: { id } } });
        return data?.name ?? null;
      } catch {
        return null;
      }
    },
    /** A product's name, for a notice about a line this device never saw. */
    async productName(pzn: string): Promise<string | null> {
      try {
        const { data } = await client.GET('/api/shop/v1/products/{pzn}', { params: { path: { pzn } } });
        return data?.name ?? null;
      } catch {
        return null;
      }
    },
  };
}

export type CartApi = ReturnType<typeof cartApi>;
