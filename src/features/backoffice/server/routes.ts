import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth';
import type { ApiApp } from '../../../platform/http/app';
import { errorBody } from '../../../platform/http/errors';
import { errorEntries, errorJson, json } from '../../../platform/http/openapi';
import { addDays, localDate } from '../../../platform/time/wall-clock';
import { staffMember } from '../../accounts';
import { analyticsFacts } from '../../analytics';
import { productsByPzn } from '../../catalog';
import { orderDayFacts } from '../../orders';
import { dayBounds, funnelByDay, funnelTotals, summarizeDay } from '../model/figures';
import { CATALOG_UPLOAD_MAX_CHARS, importUploadedCatalogFile, type CatalogImporter } from './catalog-upload';
import { SITE_BUILD_TOPIC_ID, type SiteRebuilder } from './site-rebuild';
import { access, refuse } from './access';
import { registerRemoteConfigBackOfficeRoutes } from './remote-config-routes';
import { registerMessageRoutes } from './messages-routes';
import type { TopicAccess } from '../../../platform/realtime';

/*
 * The back office's figures and operator tools (issues 13 and 10): "today at a glance" for managers
 * (their pharmacy) and operators (every pharmacy or one), the operator's analytics report and the
 * catalogue upload (remote config, the maintenance flag among it: remote-config-routes.ts). Scoped from the caller's account on every request:
 * another pharmacy answers 404 PHARMACY_NOT_FOUND, anyone else 403 FORBIDDEN.
 */

export interface BackOfficeDeps {
  /** Validated catalogue in, database updated in one transaction (the composition root's import). */
  importCatalog: CatalogImporter;
  /** The catalogue folder an upload is checked against and, once imported, written to. */
  catalogDir?: () => string;
  /** "Rebuild the static pages": one build at a time (the composition root's, or a test's fake). */
  siteRebuilder?: () => SiteRebuilder;
}

const BASE = '/v1/pharmacy';
const secured = { middleware: requireAuth(), security: [{ bearerAuth: [] }], tags: ['pharmacy back office'] };
const ERRORS = [400, 401, 403, 404] as const;

const DashboardQuery = z.object({
  pharmacy: z.string().max(100).optional().openapi({ description: "Operators: one pharmacy (default: all). Managers: only their own (another is PHARMACY_NOT_FOUND, 404)." }),
});
const DashboardDto = z
  .object({
    date: z.string().openapi({ description: 'The Berlin calendar day (today on the shop clock).' }),
    pharmacy_id: z.string().nullable().openapi({ description: 'Null: every pharmacy.' }),
    orders: z.object({ total: z.number().int(), by_hour: z.array(z.number().int()).openapi({ description: '24 counts, by the Berlin hour of placement.' }) }),
    acceptance: z.object({ accepted: z.number().int(), median_seconds: z.number().nullable() }),
    rejections: z.array(z.object({ reason: z.string(), timeout: z.boolean(), count: z.number().int() })),
    revenue_by_vat: z.array(z.object({ rate: z.number().int(), gross_cents: z.number().int(), vat_cents: z.number().int() })),
    ratings: z.object({ count: z.number().int(), average: z.number().nullable(), by_stars: z.array(z.number().int()) }),
  })
  .openapi('BackOfficeDashboard');

const FunnelStepsDto = z.object({ visits: z.number().int(), product_views: z.number().int(), add_to_cart: z.number().int(), checkout: z.number().int(), purchase: z.number().int() });
const AnalyticsQuery = z.object({ days: z.coerce.number().int().min(1).max(90).optional().openapi({ description: 'The period: this many days up to today (default 14).' }) });
const AnalyticsDto = z
  .object({
    from: z.string(),
    to: z.string(),
    funnel: z.array(z.object({ date: z.string(), steps: FunnelStepsDto })).openapi({ description: 'Per Berlin day: sessions that reached each step.' }),
    totals: FunnelStepsDto,
    zero_result_searches: z.array(z.object({ query: z.string(), count: z.number().int() })),
    top_products: z.array(z.object({ pzn: z.string(), name: z.string().nullable(), views: z.number().int(), added_to_cart: z.number().int() })),
  })
  .openapi('AnalyticsReport');

const CatalogUploadBody = z
  .object({
    path: z.string().max(120).openapi({ description: 'The catalogue file the upload replaces: categories.json, pharmacies.json, popular-searches.json, stock.csv or products/<category>.json.', example: 'stock.csv' }),
    file_text: z.string().max(CATALOG_UPLOAD_MAX_CHARS).openapi({ description: 'The file as text.' }),
    dry_run: z.boolean().optional().openapi({ description: 'Only validate: report, change nothing.' }),
  })
  .openapi('CatalogUpload');
const CatalogReportDto = z
  .object({
    imported: z.boolean(),
    problems: z.array(z.string()).openapi({ description: 'The validation report of npm run catalog:import, one problem a line.' }),
    report: z.record(z.string(), z.unknown()).nullable().openapi({ description: 'What the import changed (as npm run catalog:import prints it).' }),
  })
  .openapi('CatalogImportReport');

const dashboardRoute = createRoute({
  ...secured,
  method: 'get',
  path: `${BASE}/dashboard`,
  summary: "Today at a glance: orders by hour, median time to accept, rejections by reason, revenue by VAT rate, ratings (managers: their pharmacy; operators: every pharmacy or one)",
  description: 'FORBIDDEN (403) for pharmacists and customers; PHARMACY_NOT_FOUND (404) for another pharmacy.',
  request: { query: DashboardQuery },
  responses: { 200: json(DashboardDto, "The day's figures"), ...errorEntries(...ERRORS) },
});
const analyticsRoute = createRoute({
  ...secured,
  method: 'get',
  path: `${BASE}/analytics`,
  summary: 'The analytics report (operators): funnel per day, searches without results, top products',
  description: 'From the built-in collector (sessions, never persons). FORBIDDEN (403) for anyone but operators.',
  request: { query: AnalyticsQuery },
  responses: { 200: json(AnalyticsDto, 'The report'), ...errorEntries(...ERRORS) },
});
const catalogRoute = createRoute({
  ...secured,
  method: 'post',
  path: `${BASE}/catalog/import`,
  summary: 'Upload one catalogue file (operators): validated with the whole catalogue as npm run catalog:import does, then imported',
  description: 'With any problem (CATALOG_INVALID, 400, the report in the body) nothing changes: neither the database nor the catalogue folder.',
  request: { body: { content: { 'application/json': { schema: CatalogUploadBody } }, required: true } },
  responses: {
    200: json(CatalogReportDto, 'Imported (or, with dry_run, valid)'),
    400: json(CatalogReportDto.extend({ code: z.string(), message: z.string() }), 'Not imported: CATALOG_INVALID with every problem'),
    ...errorEntries(401, 403, 404, 413),
  },
});

const SiteBuildDto = z
  .object({
    phase: z.enum(['idle', 'running', 'succeeded', 'failed']),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
    pages: z.number().int().openapi({ description: 'Pages written so far.' }),
    exit_code: z.number().int().nullable(),
    log: z.array(z.string()).openapi({ description: 'The last lines of the build log (live on the topic operator:site-build).' }),
    other_process: z.boolean().openapi({ description: 'The running build is another server process\'s (one build at a time across all processes): its lines come on the topic only, the log here is empty.' }),
    topic: z.string().openapi({ example: 'operator:site-build', description: 'Follow it (POST /api/v1/realtime/tickets) for the lines as they come: site.build.started, site.build.lines {lines, pages}, site.build.finished {phase, exit_code, pages}.' }),
  })
  .openapi('SiteBuild');
const siteBuildStatusRoute = createRoute({
  ...secured,
  method: 'get',
  path: `${BASE}/site-build`,
  summary: 'The last or running rebuild of the static pages (operators): phase, pages, the end of its log',
  description: 'FORBIDDEN (403) for anyone but operators.',
  responses: { 200: json(SiteBuildDto, 'The build'), ...errorEntries(...ERRORS) },
});
const siteBuildStartRoute = createRoute({
  ...secured,
  method: 'post',
  path: `${BASE}/site-build`,
  summary: 'Rebuild the static pages (operators): astro build in a child process into a separate folder, swapped in once it succeeds',
  description:
    'Answers at once; the log follows live on operator:site-build. A failed build leaves the running site as it was. One build at a time: ' +
    'SITE_BUILD_RUNNING (409) while one runs in any server process on the database. FORBIDDEN (403) for anyone but operators.',
  responses: { 202: json(SiteBuildDto, 'Started'), ...errorEntries(...ERRORS, 409, 503) },
});

const SITE_BUILD_TOPIC = `operator:${SITE_BUILD_TOPIC_ID}`;

/** `operator:site-build`: operators only. */
export const operatorTopicAccess: TopicAccess = async ({ db, auth }, id) => {
  if (id !== SITE_BUILD_TOPIC_ID) return 'not_found';
  const member = await staffMember(db, auth.userId);
  return member?.role === 'operator' ? 'allowed' : 'forbidden';
};

export function registerBackOfficeRoutes(app: ApiApp, deps: BackOfficeDeps) {
  registerRemoteConfigBackOfficeRoutes(app);
  registerMessageRoutes(app);

  app.openapi(dashboardRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const { db, clock } = c.var.ctx;
    const allowed = await access(db, c.var.auth.userId, c.req.valid('query').pharmacy, false);
    if (!allowed.ok) return refuse(c, allowed);
    const today = localDate(clock.now());
    const { from, to } = dayBounds(today);
    const summary = summarizeDay(today, await orderDayFacts(db, allowed.pharmacy, from, to));
    return c.json({ ...summary, pharmacy_id: allowed.pharmacy === 'all' ? null : allowed.pharmacy }, 200);
  });

  app.openapi(analyticsRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const { db, clock } = c.var.ctx;
    const allowed = await access(db, c.var.auth.userId, undefined, true);
    if (!allowed.ok) return refuse(c, allowed);
    const last = localDate(clock.now());
    const first = addDays(last, 1 - (c.req.valid('query').days ?? 14));
    const facts = await analyticsFacts(db, dayBounds(first).from, dayBounds(last).to);
    const funnel = funnelByDay(first, last, facts.sessionsByDay);
    const names = await productsByPzn(db, facts.products.map((product) => product.pzn));
    return c.json(
      {
        from: first,
        to: last,
        funnel,
        totals: funnelTotals(funnel),
        zero_result_searches: facts.zeroResultSearches,
        top_products: facts.products.map((product) => ({ pzn: product.pzn, name: names.get(product.pzn)?.name ?? null, views: product.views, added_to_cart: product.addedToCart })),
      },
      200,
    );
  });

  app.openapi(catalogRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const { db } = c.var.ctx;
    const allowed = await access(db, c.var.auth.userId, undefined, true);
    if (!allowed.ok) return refuse(c, allowed);
    const body = c.req.valid('json');
    const outcome = await importUploadedCatalogFile({ db, importCatalog: deps.importCatalog, catalogDir: deps.catalogDir?.() }, body.path, body.file_text, body.dry_run ?? false);
    if (!outcome.ok) {
      return c.json({ ...errorBody('CATALOG_INVALID', c.var.locale), imported: false, problems: outcome.problems, report: null }, 400);
    }
    return c.json({ imported: outcome.imported, problems: [], report: outcome.report }, 200);
  });

  app.openapi(siteBuildStatusRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const allowed = await access(c.var.ctx.db, c.var.auth.userId, undefined, true);
    if (!allowed.ok) return refuse(c, allowed);
    const rebuilder = deps.siteRebuilder?.();
    const status = rebuilder ? await rebuilder.status() : { phase: 'idle' as const, started_at: null, finished_at: null, pages: 0, exit_code: null, log: [], other_process: false };
    return c.json({ ...status, topic: SITE_BUILD_TOPIC }, 200);
  });

  app.openapi(siteBuildStartRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const allowed = await access(c.var.ctx.db, c.var.auth.userId, undefined, true);
    if (!allowed.ok) return refuse(c, allowed);
    const rebuilder = deps.siteRebuilder?.();
    if (!rebuilder) return errorJson(c, 503, 'SERVICE_UNAVAILABLE');
    if (!(await rebuilder.start())) return errorJson(c, 409, 'SITE_BUILD_RUNNING');
    return c.json({ ...(await rebuilder.status()), topic: SITE_BUILD_TOPIC }, 202);
  });
}
