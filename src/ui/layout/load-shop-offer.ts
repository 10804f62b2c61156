import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { defaultCatalogDir, PharmacySchema } from '../../features/catalog';
import { DEFAULT_TIMING } from '../../features/checkout';
import { INVOICE_MAX_CENTS, INVOICE_MIN_AGE, INVOICE_MIN_CENTS, SEPA_COUNTRIES } from '../../features/orders';
import { SITE, type SiteConfig } from '../../platform/config/site';
import { PAYMENT_METHOD_TYPES, STRIPE_BROWSER_METHODS, stripeConfigured, type PaymentMethodType } from '../../platform/payments';
import { shopOffer, type PaymentOfferFacts, type PharmacyOfferFacts, type ShopOffer } from './shop-offer';

/**
 * The payment methods the configured provider offers in the browser, by the same rule that picks
 * the provider at start (PAYMENT_PROVIDER, else Stripe when STRIPE_SECRET_KEY is set): the demo
 * provider offers every method (PAYMENT_METHOD_TYPES), Stripe all but SEPA direct debit
 * (STRIPE_BROWSER_METHODS). Both offer the wallets.
 */
export function providerPaymentFacts(env: NodeJS.ProcessEnv = process.env): PaymentOfferFacts {
  const methods: readonly PaymentMethodType[] = stripeConfigured(env) ? STRIPE_BROWSER_METHODS : PAYMENT_METHOD_TYPES;
  return {
    methods,
    wallets: true,
    invoice: { minCents: INVOICE_MIN_CENTS, maxCents: INVOICE_MAX_CENTS, minAge: INVOICE_MIN_AGE },
    sepaCountries: SEPA_COUNTRIES,
  };
}

/** The offer of the catalogue's partner pharmacies and the configured provider (the pages' build, or a render on demand). */
export function offerOf(pharmacies: readonly PharmacyOfferFacts[], env: NodeJS.ProcessEnv = process.env, delivery: SiteConfig['delivery'] = SITE.delivery): ShopOffer {
  return shopOffer({
    pharmacies,
    payment: providerPaymentFacts(env),
    timing: DEFAULT_TIMING,
    fees: { feeCents: delivery.feeCents, freeFromCents: delivery.freeFromCents },
  });
}

const pharmaciesByDir = new Map<string, Promise<PharmacyOfferFacts[]>>();

/**
 * The catalogue's pharmacies (`pharmacies.json` only, memoised per folder): every page's header and
 * footer describe the offer, including pages the server renders on demand, which must not load and
 * validate a whole large catalogue for it.
 */
function catalogPharmacies(dir: string = defaultCatalogDir()): Promise<PharmacyOfferFacts[]> {
  let pending = pharmaciesByDir.get(dir);
  if (!pending) {
    pending = readFile(path.join(dir, 'pharmacies.json'), 'utf8').then((text) => PharmacySchema.array().parse(JSON.parse(text)));
    pharmaciesByDir.set(dir, pending);
    pending.catch(() => pharmaciesByDir.delete(dir));
  }
  return pending;
}

/** The catalogue's pharmacies and the environment: what the help texts describe. */
export async function loadShopOffer(env: NodeJS.ProcessEnv = process.env): Promise<ShopOffer> {
  return offerOf(await catalogPharmacies(), env);
}
