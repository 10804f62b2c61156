import { createApiApp } from '../platform/http/app';
import { getDb, getDbHandle } from '../platform/db/client';
import { systemClock, type Clock } from '../platform/clock';
import { serverConfig } from '../platform/config/env';
import type { Db } from '../platform/db/client';
import { registerCatalogRoutes } from '../features/catalog';
import { pharmaciesById, registerPharmacyRoutes } from '../features/pharmacies';
import { registerRemoteConfigAdminRoutes, registerRemoteConfigRoutes } from '../features/remote-config';
import { registerAccountRoutes, registerStaffRoutes } from '../features/accounts';
import { registerSearchRoutes } from '../features/search';
import { registerAddressRoutes } from '../features/addresses';
import type { Geocoder } from '../platform/geocoding';
import { registerCartRoutes } from '../features/cart';
import { registerFavoriteRoutes } from '../features/favorites';
import { orderCounts, orderTopicAccess, pharmacyTopicAccess, registerOrderRoutes, type OrdersDepsOverrides } from '../features/orders';
import { registerHealthRoutes } from './health';
import { registerDeliveryRoutes } from '../features/delivery';
import { registerCouponRoutes } from '../features/coupons';
import { registerWalletRoutes } from '../features/wallet';
import { registerCardRoutes } from '../features/cards';
import { registerAnalyticsRoutes, type AnalyticsForwarder } from '../features/analytics';
import { registerConsentRoutes } from '../features/consent';
import { registerPushRoutes, type PushRoutesOptions } from '../features/push';
import { operatorTopicAccess, registerBackOfficeRoutes, type SiteRebuilder } from '../features/backoffice';
import { processSiteRebuilder } from './site-rebuild';
import { importCatalog } from './import-catalogue';
import { paymentGatewayFromEnv, type PaymentGateway } from '../platform/payments';
import { registerRealtimeRoutes, type RealtimeSettings } from '../platform/realtime';
import { inboxTopicAccess, registerChatRoutes, type ChatDepsOverrides } from '../features/chat';
import { registerPrescriptionRoutes } from '../features/prescriptions';
import { prescriptionOnlyProducts } from '../features/catalog';
import { prescriptionSystemFromEnv, type PrescriptionSystem } from '../platform/prescriptions';

export interface ApiOptions {
  getDb?: () => Promise<Db>;
  ping?: () => Promise<boolean>;
  clock?: Clock;
  /** How long clients may cache /shop/v1/config; defaults to REMOTE_CONFIG_TTL_MS. */
  remoteConfigTtlMs?: number;
  /** Bearer token for /api/admin; defaults to ADMIN_API_TOKEN, unset disables those routes. */
  adminToken?: string | undefined;
  /** Address → coordinates for the delivery-area check; defaults to GEOCODER_URL or the built-in table. */
  geocoder?: Geocoder;
  /** Card payments; defaults to the gateway chosen by PAYMENT_* (the demo acquirer in demo mode). */
  paymentGateway?: PaymentGateway;
  /** Orders: mailer and settings (PENDING_ORDER_TTL_MINUTES…); the gateway is paymentGateway. */
  orders?: OrdersDepsOverrides;
  /** Live streams: per-user cap, heartbeat (defaults from REALTIME_*). */
  realtime?: Partial<RealtimeSettings>;
  /** Web push subscriptions: where VAPID_* and the mode are read (default process.env). */
  push?: PushRoutesOptions;
  /** Hosted product analytics; defaults to ANALYTICS_FORWARD_URL, null forwards nowhere. */
  analyticsForwarder?: AnalyticsForwarder | null;
  /** Pharmacist chat: mailer and environment (CHAT_MESSAGING_NUMBERS). */
  chat?: ChatDepsOverrides;
  /** The catalogue folder the back office's upload is checked against and written to; defaults to CATALOG_DIR. */
  catalogDir?: string;
  /** The operator's "Rebuild the static pages"; defaults to astro build of this project (tests inject a fake runner). */
  siteRebuilder?: SiteRebuilder;
  /** The pharmacy's prescription system; defaults to PRESCRIPTION_SERVICE_URL's or the built-in stand-in over the catalogue's prescription-only products. */
  prescriptionSystem?: PrescriptionSystem;
}

/**
 * The composition root: the only place that knows every feature. Each feature exposes a
 * register function from its public index; tests build the same app around their own database.
 */
export function buildApi(options: ApiOptions = {}) {
  const app = createApiApp({ getDb: options.getDb ?? getDb, clock: options.clock ?? systemClock });

  // Error answers depend on the request language and on the moment: never let a cache keep one.
  // (Registered after the platform middleware, so its own early 503 is not covered here.)
  app.use('*', async (c, next) => {
    await next();
    if (c.res.status >= 400) c.res.headers.set('Cache-Control', 'no-store');
  });

  registerHealthRoutes(app, options.ping ?? (async () => (await getDbHandle()).ping()));
  registerCatalogRoutes(app);
  registerPharmacyRoutes(app, options.geocoder ? { geocoder: options.geocoder } : {});
  registerRemoteConfigRoutes(app, { ttlMs: options.remoteConfigTtlMs ?? serverConfig().remoteConfigTtlMs });
  registerRemoteConfigAdminRoutes(app, { adminToken: 'adminToken' in options ? options.adminToken : process.env.ADMIN_API_TOKEN });
  registerAccountRoutes(app);
  registerStaffRoutes(app, { pharmacyExists: async (db, id) => (await pharmaciesById(db, [id])).has(id) });
  registerAddressRoutes(app);
  registerSearchRoutes(app);
  registerCartRoutes(app);
  registerFavoriteRoutes(app);
  // One prescription system per app, made at its first use (the stand-in remembers dispensed tokens per instance): the orders' dispensing and the prescription routes share it.
  let prescriptionSystem = options.prescriptionSystem;
  const resolveDb = options.getDb ?? getDb;
  const thePrescriptionSystem = () =>
    (prescriptionSystem ??= prescriptionSystemFromEnv({ products: async () => prescriptionOnlyProducts(await resolveDb()), clock: options.clock ?? systemClock }));
  registerOrderRoutes(app, {
    clock: options.clock ?? systemClock,
    ...(options.paymentGateway ? { gateway: options.paymentGateway } : {}),
    prescriptionSystem: thePrescriptionSystem,
    ...options.orders,
  });
  registerDeliveryRoutes(app, { clock: options.clock ?? systemClock, ...(options.paymentGateway ? { gateway: options.paymentGateway } : {}), ...options.orders });
  registerCouponRoutes(app, { orderCounts });
  registerWalletRoutes(app);
  registerCardRoutes(app, { gateway: () => options.paymentGateway ?? paymentGatewayFromEnv() });
  registerAnalyticsRoutes(app, options.analyticsForwarder !== undefined ? { forwarder: options.analyticsForwarder } : {});
  registerConsentRoutes(app);
  registerPushRoutes(app, options.push ?? {});
  registerPrescriptionRoutes(app, { system: thePrescriptionSystem });
  registerChatRoutes(app, options.chat ?? (options.orders?.mailer ? { mailer: options.orders.mailer } : {}));
  let rebuilder = options.siteRebuilder;
  const siteRebuilder = () => (rebuilder ??= processSiteRebuilder({ getDb: options.getDb ?? getDb, clock: options.clock ?? systemClock }));
  registerBackOfficeRoutes(app, { importCatalog, siteRebuilder, ...(options.catalogDir ? { catalogDir: () => options.catalogDir! } : {}) });
  // Live events: features say who may follow their topics; the bus is the process's (realtimeBus()).
  registerRealtimeRoutes(app, { access: { order: orderTopicAccess, pharmacy: pharmacyTopicAccess, inbox: inboxTopicAccess, operator: operatorTopicAccess }, ...(options.realtime ? { settings: options.realtime } : {}) });

  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Apobote API',
      version: '1.0.0',
      description:
        'Pharmacy shop API. Every error answer is { code, message } in the request language (Accept-Language or ?lang=). ' +
        'Shop API v1 texts carry both languages ({ en, de }); money is integer euro cents.',
    },
  });
  return app;
}

export type Api = ReturnType<typeof buildApi>;
