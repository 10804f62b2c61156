import { createRoute, z } from '@hono/zod-openapi';
import { activePharmacy } from '../../pharmacies';
import { cartPharmacy } from '../../cart';
import { onAccountErased } from '../../accounts';
import { requireAuth } from '../../../platform/auth';
import type { Db } from '../../../platform/db/client';
import { withTransaction } from '../../../platform/db/transaction';
import type { ApiApp } from '../../../platform/http/app';
import { errorMessages } from '../../../platform/http/error-codes';
import { errorEntries, errorJson, json } from '../../../platform/http/openapi';
import type { Failure } from '../../../platform/http/result';
import { clientIp, clientKey, hitAll, rateLimitedResponse, type RateRule } from '../../../platform/rate-limit';
import { prescriptionTokenVault, type PrescriptionSystem } from '../../../platform/prescriptions';
import { addDays, localDate, parseIsoDate } from '../../../platform/time/wall-clock';
import type { PrescriptionDeps } from './deps';
import { PRESCRIPTION_ERROR_STATUS, type PrescriptionErrorCode, type PrescriptionErrorStatus } from './error-status';
import { erasePrescriptionsOf, markReturned } from './lifecycle';
import { redeem, tokensOf } from './redeem';
import { expireDue, findPrescription, listPrescriptions, saveExemption } from './repo';
import { PRESCRIPTION_STATUSES } from './schema';
import { exemptionView, viewsOf } from './view';

const BASE = '/v1/user/prescriptions';
const secured = { middleware: requireAuth(), security: [{ bearerAuth: [] }], tags: ['prescriptions'] };

/**
 * Redemption attempts: a token is a PrescriptionID (guessable) and a 64-hex access code, so
 * guessing is already hopeless; the limit keeps it so, and bounds what one account or one client
 * can ask of the pharmacy's system. Every attempt counts, refused parses too.
 */
export const REDEEM_RATE_RULES = {
  perUser: { name: 'prescription-redeem-user', limit: 10, windowMs: 10 * 60_000 },
  perClient: { name: 'prescription-redeem-ip', limit: 30, windowMs: 10 * 60_000 },
} as const satisfies Record<string, RateRule>;

/** How long dispensed and expired prescriptions stay in the customer's list. */
const RECENT_DAYS = 30;

const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine((value) => parseIsoDate(value) !== null, 'not a calendar date').openapi({ example: '2026-12-31', format: 'date' });

const PrescriptionItemDto = z
  .object({
    pzn: z.string().openapi({ example: '17377588' }),
    name: z.string().openapi({ description: 'The name as prescribed (may differ from the catalogue\'s).' }),
    packs: z.number().int().openapi({ example: 1 }),
    unitPriceCents: z.number().int().openapi({ description: 'The catalogue\'s fixed price of one pack (AMPreisV), in cents.' }),
    coPaymentPerPackCents: z.number().int().openapi({ description: 'What the customer pays per pack: § 61 SGB V for statutory prescriptions (10 %, 5–10 €, at most the price; 0 when exempt), the price for private ones.' }),
    coPaymentCents: z.number().int().openapi({ description: 'coPaymentPerPackCents × packs.' }),
    substitutionAllowed: z.boolean().openapi({ description: 'Aut idem: the pharmacy may hand out an equivalent product.' }),
    parcelAllowed: z.boolean().openapi({ description: 'false for medicines that may not be sent by mail (§ 17 Abs. 2b ApBetrO: lenalidomide, pomalidomide, thalidomide) or must be collected in person.' }),
    productPath: z.string().optional().openapi({ example: '/shop/product/antibiotic-rx-test-17377588/', description: 'The product page, unlocalised; absent when the product is no longer listed.' }),
  })
  .openapi('PrescriptionItem');

const PrescriptionDto = z
  .object({
    id: z.string().openapi({ description: 'The shop\'s id of this prescription (not the PrescriptionID).' }),
    prescriptionId: z.string().openapi({ example: '160.123.456.789.123.58', description: 'The dotted PrescriptionID (safe to show: it redeems nothing without the access code).' }),
    insurance: z.enum(['statutory', 'private']),
    flowType: z.string().openapi({ example: '160' }),
    prescriber: z.object({ name: z.string(), practice: z.string().optional() }),
    issuedOn: IsoDate,
    expiresOn: IsoDate.openapi({ description: 'The last day it may be dispensed.' }),
    status: z.enum(PRESCRIPTION_STATUSES),
    pharmacyId: z.string().openapi({ description: 'The pharmacy that retrieved it (the cart\'s pharmacy at redemption).' }),
    items: z.array(PrescriptionItemDto),
    coPaymentTotalCents: z.number().int(),
    exemptApplied: z.boolean().openapi({ description: 'The customer\'s co-payment exemption made the co-payment 0 (statutory prescriptions only).' }),
  })
  .openapi('Prescription', { description: 'A redeemed e-prescription. The token and its access code are never part of an answer.' });

const ExemptionDto = z
  .object({ exempt: z.boolean().openapi({ description: 'Exempt today (Berlin): stated and not run out.' }), validUntil: IsoDate.nullable().openapi({ description: 'The certificate\'s last day as stated, also once it has run out; null when none is stated.' }) })
  .openapi('CoPaymentExemption');

const RedeemBody = z
  .union([
    z.object({ code: z.string().openapi({ description: 'The text of a scanned Data Matrix code ({"urls": [...]}, up to three) or one pasted `Task/…/$accept?ac=…` line.' }) }),
    z.object({ prescriptionId: z.string().openapi({ example: '160.123.456.789.123.58' }), accessCode: z.string().openapi({ description: '64 hexadecimal characters.' }) }),
  ])
  .openapi('PrescriptionRedeem');

const RedeemFailureDto = z.object({
  position: z.number().int().openapi({ description: 'The token\'s 1-based place in the scanned code (1 for typed fields).' }),
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});

const RedeemAnswer = z
  .object({ prescriptions: z.array(PrescriptionDto), failures: z.array(RedeemFailureDto) })
  .openapi('PrescriptionRedeemed', { description: 'At least one prescription redeemed (or already redeemed by this customer); the tokens of the same code that failed, each with its code.' });

const ListAnswer = z.object({ prescriptions: z.array(PrescriptionDto), exemption: ExemptionDto }).openapi('PrescriptionList');

const ExemptionBody = z
  .object({ exempt: z.boolean(), validUntil: IsoDate.nullable().openapi({ description: 'Required when exempt; today or later.' }) })
  .openapi('CoPaymentExemptionUpdate');

const IdParam = z.object({ id: z.string().max(64).openapi({ param: { name: 'id', in: 'path' } }) });

const redeemRoute = createRoute({
  ...secured,
  method: 'post',
  path: BASE,
  summary: 'Redeem e-prescriptions: a scanned code (up to three tokens) or a typed PrescriptionID and access code',
  description:
    'Each token is retrieved through the pharmacy\'s prescription system for the cart\'s pharmacy (PHARMACY_REQUIRED, 422, when none is chosen). ' +
    'The same token again answers the prescription already redeemed. 200 when at least one prescription is redeemed, with the others in `failures`; ' +
    'otherwise the first failure: 422 PRESCRIPTION_TOKEN_INVALID, PRESCRIPTION_ID_INVALID, PRESCRIPTION_CHECK_DIGITS_WRONG (fields.prescriptionId), ' +
    'PRESCRIPTION_ACCESS_CODE_INVALID (fields.accessCode), PRESCRIPTION_SENT_TO_PHARMACY, PRESCRIPTION_FLOW_TYPE_UNKNOWN, PRESCRIPTION_PRODUCT_UNAVAILABLE; ' +
    '404 PRESCRIPTION_NOT_FOUND; 409 PRESCRIPTION_ALREADY_REDEEMED; 410 PRESCRIPTION_EXPIRED; 503 PRESCRIPTION_SERVICE_UNAVAILABLE. ' +
    '10 attempts per 10 minutes per account (429 RATE_LIMITED).',
  request: { body: { content: { 'application/json': { schema: RedeemBody } }, required: true } },
  responses: { 200: json(RedeemAnswer, 'Redeemed'), ...errorEntries(400, 401, 404, 409, 410, 422, 429, 503) },
});

const listRoute = createRoute({
  ...secured,
  method: 'get',
  path: BASE,
  summary: 'The customer\'s prescriptions and co-payment exemption',
  description: `Held ones (redeemed, in an order) and those dispensed or expired in the last ${RECENT_DAYS} days, newest first; given back ones are left out.`,
  responses: { 200: json(ListAnswer, 'Prescriptions'), ...errorEntries(401) },
});

const getRoute = createRoute({
  ...secured,
  method: 'get',
  path: `${BASE}/{id}`,
  summary: 'One of the customer\'s prescriptions',
  description: 'PRESCRIPTION_NOT_FOUND (404) also for another customer\'s id.',
  request: { params: IdParam },
  responses: { 200: json(PrescriptionDto, 'The prescription'), ...errorEntries(401, 404) },
});

const returnRoute = createRoute({
  ...secured,
  method: 'delete',
  path: `${BASE}/{id}`,
  summary: 'Give a prescription back undispensed, so it can be redeemed elsewhere',
  description:
    'The pharmacy\'s system is told and the stored token erased; answers the prescription, now `returned` (already returned or expired: as it is). ' +
    '409 PRESCRIPTION_NOT_RETURNABLE once it is in an order or dispensed; 503 PRESCRIPTION_SERVICE_UNAVAILABLE when the system cannot be reached (nothing changed); 404 PRESCRIPTION_NOT_FOUND.',
  request: { params: IdParam },
  responses: { 200: json(PrescriptionDto, 'Given back'), ...errorEntries(401, 404, 409, 503) },
});

const exemptionRoute = createRoute({
  ...secured,
  method: 'put',
  path: `${BASE}/exemption`,
  summary: 'State (or withdraw) "I am exempt from co-payments" with the certificate\'s validity',
  description: 'exempt: true needs validUntil (422 PRESCRIPTION_EXEMPTION_DATE_REQUIRED), today or later in Berlin (422 PRESCRIPTION_EXEMPTION_DATE_PAST); exempt: false removes it. The pharmacist sees it with the order.',
  request: { body: { content: { 'application/json': { schema: ExemptionBody } }, required: true } },
  responses: { 200: json(ExemptionDto, 'The exemption'), ...errorEntries(400, 401, 422) },
});

export interface PrescriptionRouteOptions {
  /** The pharmacy's prescription system; asked for once, at the first use. */
  system: () => PrescriptionSystem;
}

const statusOf = (code: string): PrescriptionErrorStatus => PRESCRIPTION_ERROR_STATUS[code as PrescriptionErrorCode] ?? 422;

export function registerPrescriptionRoutes(app: ApiApp, options: PrescriptionRouteOptions) {
  // Loaded before any transaction (PGlite has one connection; see deps.ts).
  const depsFor = async (db: Db): Promise<PrescriptionDeps> => ({ system: options.system(), vault: await prescriptionTokenVault(db) });
  // A shop not set up for E-Rezept (production without PRESCRIPTION_SERVICE_URL or PRESCRIPTION_TOKEN_KEY)
  // answers that redemption is unavailable, and says why in the log once per request, without values.
  const usableDeps = async (db: Db): Promise<PrescriptionDeps | null> => {
    try {
      return await depsFor(db);
    } catch (error) {
      console.error(JSON.stringify({ time: new Date().toISOString(), level: 'error', msg: 'e-prescriptions not configured', error: (error as Error)?.name ?? 'Error' }));
      return null;
    }
  };

  onAccountErased('prescriptions', (tx, userId, { now }) => erasePrescriptionsOf(tx, () => depsFor(tx), userId, now));

  app.openapi(redeemRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const { db, clock, locale } = c.var.ctx;
    const userId = c.var.auth.userId;
    const now = clock.now();
    const limited = await hitAll(
      db,
      [
        { rule: REDEEM_RATE_RULES.perUser, subject: userId },
        { rule: REDEEM_RATE_RULES.perClient, subject: clientKey(clientIp(c)) },
      ],
      now,
    );
    if (!limited.allowed) return rateLimitedResponse(c, limited.retryAfterSeconds) as never;

    const parsed = tokensOf(c.req.valid('json'));
    if (!parsed.ok) return errorJson(c, 422, parsed.code);
    // A code the shop refuses by itself needs no pharmacy to say so.
    const unreadable = parsed.value.every((entry) => !entry.result.ok) ? parsed.value[0]?.result : undefined;
    if (unreadable && !unreadable.ok) return errorJson(c, 422, unreadable.code, unreadable);
    // The cart's pharmacy retrieves (and later dispenses) the prescription; none chosen: the
    // customer chooses first, so a prescription is never held by a pharmacy they did not pick.
    const pharmacyId = await cartPharmacy(db, userId);
    const pharmacy = pharmacyId ? await activePharmacy(db, pharmacyId) : null;
    if (!pharmacy) return errorJson(c, 422, 'PHARMACY_REQUIRED');

    const deps = await usableDeps(db);
    if (!deps) return errorJson(c, 503, 'PRESCRIPTION_SERVICE_UNAVAILABLE');
    const outcome = await redeem(db, deps, { userId, pharmacyId: pharmacy.id, entries: parsed.value, now });
    if (outcome.redeemed.length === 0) {
      const first = outcome.failures[0]!.failure;
      return errorJson(c, statusOf(first.code), first.code, first);
    }
    const describe = (failure: Failure) => ({
      code: failure.code,
      message: failure.message ?? errorMessages[locale][failure.code],
      ...(failure.fields ? { fields: failure.fields } : {}),
    });
    return c.json(
      {
        prescriptions: await viewsOf(db, userId, outcome.redeemed, localDate(now)),
        failures: outcome.failures.map(({ position, failure }) => ({ position, ...describe(failure) })),
      },
      200,
    );
  });

  app.openapi(listRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const { db, clock } = c.var.ctx;
    const userId = c.var.auth.userId;
    const now = clock.now();
    const today = localDate(now);
    await expireDue(db, today, now, userId);
    const stored = await listPrescriptions(db, userId, new Date(`${addDays(today, -RECENT_DAYS)}T00:00:00Z`));
    const [prescriptions, exemption] = await Promise.all([viewsOf(db, userId, stored, today), exemptionView(db, userId, today)]);
    return c.json({ prescriptions, exemption }, 200);
  });

  app.openapi(getRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const { db, clock } = c.var.ctx;
    const userId = c.var.auth.userId;
    const now = clock.now();
    await expireDue(db, localDate(now), now, userId);
    const stored = await findPrescription(db, userId, c.req.valid('param').id);
    if (!stored) return errorJson(c, 404, 'PRESCRIPTION_NOT_FOUND');
    const [view] = await viewsOf(db, userId, [stored], localDate(now));
    return c.json(view!, 200);
  });

  app.openapi(returnRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const { db, clock } = c.var.ctx;
    const userId = c.var.auth.userId;
    const id = c.req.valid('param').id;
    const now = clock.now();
    await expireDue(db, localDate(now), now, userId);
    const deps = await usableDeps(db);
    if (!deps) return errorJson(c, 503, 'PRESCRIPTION_SERVICE_UNAVAILABLE');
    const returned = await withTransaction(db, (tx) => markReturned(tx, deps, id, now, { userId }));
    if (!returned.ok) {
      if (returned.code === 'PRESCRIPTION_NOT_FOUND') return errorJson(c, 404, returned.code);
      if (returned.code === 'PRESCRIPTION_NOT_RETURNABLE' || returned.code === 'PRESCRIPTION_ALREADY_REDEEMED') return errorJson(c, 409, 'PRESCRIPTION_NOT_RETURNABLE');
      return errorJson(c, 503, 'PRESCRIPTION_SERVICE_UNAVAILABLE');
    }
    const stored = await findPrescription(db, userId, id);
    if (!stored) return errorJson(c, 404, 'PRESCRIPTION_NOT_FOUND');
    const [view] = await viewsOf(db, userId, [stored], localDate(now));
    return c.json(view!, 200);
  });

  app.openapi(exemptionRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const { db, clock } = c.var.ctx;
    const userId = c.var.auth.userId;
    const now = clock.now();
    const today = localDate(now);
    const body = c.req.valid('json');
    if (body.exempt) {
      if (!body.validUntil) return errorJson(c, 422, 'PRESCRIPTION_EXEMPTION_DATE_REQUIRED', { fields: { validUntil: 'PRESCRIPTION_EXEMPTION_DATE_REQUIRED' } });
      if (body.validUntil < today) return errorJson(c, 422, 'PRESCRIPTION_EXEMPTION_DATE_PAST', { fields: { validUntil: 'PRESCRIPTION_EXEMPTION_DATE_PAST' } });
    }
    await saveExemption(db, userId, body.exempt ? body.validUntil : null, now);
    return c.json(await exemptionView(db, userId, today), 200);
  });
}
