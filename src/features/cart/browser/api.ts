import { apiClient, attempt, fetchCart, type ClientAnswer, type Outcome } from '../../../platform/api-client';
import type { Locale } from '../../../platform/i18n/locales';
import type { CartSnapshot } from '../model/mirror';

/**
 * The cart calls through the typed client (paths and bodies checked against the OpenAPI types).
 * Each answers with the whole cart; reading it is the client layer's fetchCart, shared with the
 * features that need the cart too.
 */
export function cartApi(locale: Locale) {
  const client = apiClient(locale);
  const cart = (call: () => Promise<ClientAnswer<CartSnapshot>>): Promise<Outcome<CartSnapshot>> => attempt(call, locale);

  return {
    get: (): Promise<Outcome<CartSnapshot>> => fetchCart(locale),
    increment: (pzn: string, by: number) => cart(() => client.POST('/api/v1/user/cart/items/{pzn}/increment', { params: { path: { pzn } }, body: { by } })),
    setQuantity: (pzn: string, quantity: number) => cart(() => client.PUT('/api/v1/user/cart/items/{pzn}', { params: { path: { pzn } }, body: { quantity } })),
    setPharmacy: (pharmacyId: string) => cart(() => client.PUT('/api/v1/user/cart/pharmacy', { body: { pharmacyId } })),
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
