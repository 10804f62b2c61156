import { createRoute, z } from '@hono/zod-openapi';
import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Context, Input } from 'hono';
import { requireAuth, type AuthEnv } from '../../../platform/auth';
import { withTransaction } from '../../../platform/db';
import type { Db } from '../../../platform/db/client';
import type { ApiApp } from '../../../platform/http/app';
import { errorEntries, errorJson, json } from '../../../platform/http/openapi';
import { pharmacyScope, staffMember, type StaffMember } from '../../accounts';
import { DELIVERY_OPTIONS, normalizePzn, products } from '../../catalog';
import { WEEK } from '../model/opening-hours';
import { MAX_STOCK_QUANTITY, parseStockCsv } from '../model/stock-csv';
import { OpeningHoursDto } from './dto';
import { pharmacies, stock } from './schema';

/*
 * The back office's pharmacy calls (issue 13): stock (search, set, sold out, CSV upload) and the
 * pharmacy's settings (weekly hours, temporary closure, delivery zone, delivery options). Every
 * call names its pharmacy with ?pharmacy= (operators) or means the caller's own; another
 * pharmacy's answers 404 PHARMACY_NOT_FOUND. Reading is for every staff member of the pharmacy,
 * changing for its manager and operators (403 for pharmacists), customers 403.
 */

const BASE = '/v1/pharmacy';
const secured = { middleware: requireAuth(), security: [{ bearerAuth: [] }], tags: ['pharmacy back office'] };
const ERRORS = [400, 401, 403, 404, 413] as const;
const PharmacyQuery = z.object({ pharmacy: z.string().max(100).optional() });

const StockItemDto = z.object({ pzn: z.string(), name: z.string(), quantity: z.number().int() }).openapi('StockItem');
const StockListDto = z.object({ pharmacy_id: z.string(), items: z.array(StockItemDto) }).openapi('StockList');
const StockQuery = PharmacyQuery.extend({
  q: z.string().max(100).optional().openapi({ description: 'Name (part) or PZN; empty: the pharmacy’s stock list.' }),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});
const PznParam = z.object({ pzn: z.string().min(1).max(20) });
const SetStockBody = z.object({ quantity: z.number().int().min(0).max(MAX_STOCK_QUANTITY).openapi({ description: '0 is "sold out".' }) }).openapi('SetStock');
const CsvBody = z.object({ csv: z.string().max(2_000_000).openapi({ description: 'The file: `pzn,quantity` per line, header optional.' }) }).openapi('StockCsvUpload');
const CsvReportDto = z
  .object({
    applied: z.boolean(),
    rows: z.number().int(),
    errors: z.array(z.object({ row: z.number().int(), problem: z.string(), value: z.string().optional() })),
  })
  .openapi('StockCsvReport');

const IntervalIn = z.object({ opens: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/), closes: z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/) });
const SettingsDto = z
  .object({
    pharmacy_id: z.string(),
    name: z.string(),
    opening_hours: OpeningHoursDto,
    closed_until: z.string().nullable(),
    delivery_postal_codes: z.array(z.string()),
    delivery_options: z.array(z.enum(DELIVERY_OPTIONS)),
  })
  .openapi('PharmacySettings');
const SettingsBody = z
  .object({
    opening_hours: z.object(Object.fromEntries(WEEK.map((day) => [day, z.array(IntervalIn).max(4)])) as Record<(typeof WEEK)[number], z.ZodArray<typeof IntervalIn>>).optional(),
    closed_until: z.iso.datetime({ offset: true }).nullable().optional().openapi({ description: 'ISO instant; null reopens.' }),
    delivery_postal_codes: z.array(z.string().regex(/^\d{5}$/)).max(500).optional(),
    delivery_options: z.array(z.enum(DELIVERY_OPTIONS)).min(1).max(3).optional(),
  })
  .openapi('PharmacySettingsChange');

const stockRoute = createRoute({ ...secured, method: 'get', path: `${BASE}/stock`, summary: "Search the catalogue by name or PZN with the pharmacy's stock", request: { query: StockQuery }, responses: { 200: json(StockListDto, 'Products with their stock'), ...errorEntries(...ERRORS) } });
const setStockRoute = createRoute({
  ...secured,
  method: 'put',
  path: `${BASE}/stock/{pzn}`,
  summary: 'Set the quantity of one product (0: sold out); availability and carts see it at once',
  request: { params: PznParam, query: PharmacyQuery, body: { content: { 'application/json': { schema: SetStockBody } }, required: true } },
  responses: { 200: json(StockItemDto, 'The product with its new stock'), ...errorEntries(...ERRORS) },
});
const csvRoute = createRoute({
  ...secured,
  method: 'post',
  path: `${BASE}/stock/csv`,
  summary: 'Upload stock as CSV (pzn,quantity): all rows or nothing',
  description: 'Answers a validation report by row number; with any error (STOCK_CSV_INVALID, 400, report in the body) nothing is changed.',
  request: { query: PharmacyQuery, body: { content: { 'application/json': { schema: CsvBody } }, required: true } },
  responses: { 200: json(CsvReportDto, 'Applied'), 400: json(CsvReportDto.partial().extend({ code: z.string(), message: z.string() }), 'Not applied: STOCK_CSV_INVALID with the report of every problem (or MISSING_PARAMS)'), ...errorEntries(401, 403, 404, 413) },
});
const getSettingsRoute = createRoute({ ...secured, method: 'get', path: `${BASE}/settings`, summary: "The pharmacy's hours, closure, delivery zone and options", request: { query: PharmacyQuery }, responses: { 200: json(SettingsDto, 'Settings'), ...errorEntries(...ERRORS) } });
const putSettingsRoute = createRoute({
  ...secured,
  method: 'put',
  path: `${BASE}/settings`,
  summary: 'Change hours, a temporary closure ("closed until"), delivery zone postal codes or delivery options',
  description: 'A closed pharmacy (regular hours or closure) lets customers only pre-order.',
  request: { query: PharmacyQuery, body: { content: { 'application/json': { schema: SettingsBody } }, required: true } },
  responses: { 200: json(SettingsDto, 'Settings after the change'), ...errorEntries(...ERRORS) },
});

type Access = { ok: true; member: StaffMember; pharmacyId: string } | { ok: false; status: 400 | 403 | 404; code: 'FORBIDDEN' | 'PHARMACY_NOT_FOUND' | 'MISSING_PARAMS' };

/** The pharmacy this request may touch, checked in this order: staff at all (403), its pharmacy (404), the right to change (403). */
async function access(db: Db, userId: string, requested: string | undefined, write: boolean): Promise<Access> {
  const member = await staffMember(db, userId);
  if (!member) return { ok: false, status: 403, code: 'FORBIDDEN' };
  const scope = pharmacyScope(member, requested);
  if (scope === null) return { ok: false, status: 404, code: 'PHARMACY_NOT_FOUND' };
  if (scope === 'all') return { ok: false, status: 400, code: 'MISSING_PARAMS' };
  const [row] = await db.select({ id: pharmacies.id }).from(pharmacies).where(eq(pharmacies.id, scope));
  if (!row) return { ok: false, status: 404, code: 'PHARMACY_NOT_FOUND' };
  if (write && member.role === 'pharmacist') return { ok: false, status: 403, code: 'FORBIDDEN' };
  return { ok: true, member, pharmacyId: scope };
}

async function settingsOf(db: Db, pharmacyId: string): Promise<z.infer<typeof SettingsDto>> {
  const [row] = await db.select().from(pharmacies).where(eq(pharmacies.id, pharmacyId));
  const hours = Object.fromEntries(WEEK.map((day) => [day, row!.openingHours[day] ?? []])) as z.infer<typeof SettingsDto>['opening_hours'];
  return {
    pharmacy_id: row!.id,
    name: row!.name,
    opening_hours: hours,
    closed_until: row!.closedUntil ? row!.closedUntil.toISOString() : null,
    delivery_postal_codes: row!.deliveryPostalCodes,
    delivery_options: row!.deliveryOptions,
  };
}

async function stockItems(db: Db, pharmacyId: string, pzns: readonly string[]) {
  if (pzns.length === 0) return [];
  const rows = await db
    .select({ pzn: products.pzn, name: products.name, quantity: sql<number>`coalesce(${stock.quantity}, 0)` })
    .from(products)
    .leftJoin(stock, and(eq(stock.pzn, products.pzn), eq(stock.pharmacyId, pharmacyId)))
    .where(inArray(products.pzn, [...pzns]))
    .orderBy(asc(products.name));
  return rows.map((row) => ({ ...row, quantity: Number(row.quantity) }));
}

/** Sets quantities, inserting rows for products the pharmacy did not list yet. */
async function writeStock(tx: Db, pharmacyId: string, items: readonly { pzn: string; quantity: number }[], now: Date) {
  for (const item of items) {
    await tx
      .insert(stock)
      .values({ pharmacyId, pzn: item.pzn, quantity: item.quantity, updatedAt: now })
      .onConflictDoUpdate({ target: [stock.pharmacyId, stock.pzn], set: { quantity: item.quantity, updatedAt: now } });
  }
}

export function registerBackOfficeRoutes(app: ApiApp) {
  function refuse<P extends string, I extends Input>(c: Context<AuthEnv, P, I>, denied: Extract<Access, { ok: false }>) {
    return errorJson(c, denied.status, denied.code);
  }

  app.openapi(stockRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const { db } = c.var.ctx;
    const query = c.req.valid('query');
    const allowed = await access(db, c.var.auth.userId, query.pharmacy, false);
    if (!allowed.ok) return refuse(c, allowed);
    const q = (query.q ?? '').trim();
    const limit = query.limit ?? 50;
    let pzns: string[];
    if (q === '') {
      pzns = (await db.select({ pzn: stock.pzn }).from(stock).where(eq(stock.pharmacyId, allowed.pharmacyId)).orderBy(asc(stock.pzn)).limit(limit)).map((row) => row.pzn);
    } else {
      const digits = normalizePzn(q);
      const pattern = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      const matches = await db
        .select({ pzn: products.pzn })
        .from(products)
        .where(/^\d+$/.test(digits) ? or(ilike(products.pzn, `${digits}%`), ilike(products.name, pattern)) : ilike(products.name, pattern))
        .orderBy(asc(products.name))
        .limit(limit);
      pzns = matches.map((row) => row.pzn);
    }
    return c.json({ pharmacy_id: allowed.pharmacyId, items: await stockItems(db, allowed.pharmacyId, pzns) }, 200);
  });

  app.openapi(setStockRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const { db, clock } = c.var.ctx;
    const allowed = await access(db, c.var.auth.userId, c.req.valid('query').pharmacy, true);
    if (!allowed.ok) return refuse(c, allowed);
    const pzn = normalizePzn(c.req.valid('param').pzn);
    const [product] = await db.select({ pzn: products.pzn }).from(products).where(eq(products.pzn, pzn));
    if (!product) return errorJson(c, 404, 'PRODUCT_NOT_FOUND');
    await withTransaction(db, (tx) => writeStock(tx, allowed.pharmacyId, [{ pzn, quantity: c.req.valid('json').quantity }], clock.now()));
    const [item] = await stockItems(db, allowed.pharmacyId, [pzn]);
    return c.json(item!, 200);
  });

  app.openapi(csvRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const { db, clock } = c.var.ctx;
    const allowed = await access(db, c.var.auth.userId, c.req.valid('query').pharmacy, true);
    if (!allowed.ok) return refuse(c, allowed);
    const text = c.req.valid('json').csv;
    const candidates = [...new Set(text.split(/\r\n|\n|\r/).map((line) => normalizePzn(line.split(/[;,]/)[0] ?? '')).filter((pzn) => /^\d{8}$/.test(pzn)))];
    const known = new Set<string>();
    for (let i = 0; i < candidates.length; i += 1000) {
      const slice = candidates.slice(i, i + 1000);
      for (const row of await db.select({ pzn: products.pzn }).from(products).where(inArray(products.pzn, slice))) known.add(row.pzn);
    }
    const report = parseStockCsv(text, (pzn) => known.has(pzn));
    if (report.errors.length > 0) {
      const locale = c.var.locale;
      const message = locale === 'de' ? 'Die Bestandsdatei enthält Fehler. Es wurde nichts geändert.' : 'The stock file has errors. Nothing was changed.';
      return c.json({ code: 'STOCK_CSV_INVALID', message, applied: false, rows: report.rows.length, errors: report.errors }, 400);
    }
    await withTransaction(db, (tx) => writeStock(tx, allowed.pharmacyId, report.rows, clock.now()));
    return c.json({ applied: true, rows: report.rows.length, errors: [] }, 200);
  });

  app.openapi(getSettingsRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const { db } = c.var.ctx;
    const allowed = await access(db, c.var.auth.userId, c.req.valid('query').pharmacy, false);
    if (!allowed.ok) return refuse(c, allowed);
    return c.json(await settingsOf(db, allowed.pharmacyId), 200);
  });

  app.openapi(putSettingsRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const { db, clock } = c.var.ctx;
    const allowed = await access(db, c.var.auth.userId, c.req.valid('query').pharmacy, true);
    if (!allowed.ok) return refuse(c, allowed);
    const body = c.req.valid('json');
    const changes: Partial<typeof pharmacies.$inferInsert> = { updatedAt: clock.now() };
    if (body.opening_hours) changes.openingHours = body.opening_hours;
    if (body.closed_until !== undefined) changes.closedUntil = body.closed_until ? new Date(body.closed_until) : null;
    if (body.delivery_postal_codes) changes.deliveryPostalCodes = [...new Set(body.delivery_postal_codes)].sort();
    if (body.delivery_options) changes.deliveryOptions = [...new Set(body.delivery_options)];
    await db.update(pharmacies).set(changes).where(eq(pharmacies.id, allowed.pharmacyId));
    return c.json(await settingsOf(db, allowed.pharmacyId), 200);
  });
}
