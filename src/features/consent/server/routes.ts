import { createHash } from 'node:crypto';
import { createRoute, z } from '@hono/zod-openapi';
import { customerContact, isValidEmail, normalizeEmail } from '../../accounts';
import { requireAuth } from '../../../platform/auth';
import { thirdPartyConfig, type ThirdPartyConfig } from '../../../platform/config/third-party';
import type { ApiApp } from '../../../platform/http/app';
import { errorEntries, errorJson, json } from '../../../platform/http/openapi';

const ServicesDto = z
  .object({
    tag_manager_url: z.string().nullable(),
    affiliate_script_url: z.string().nullable(),
    error_reporting: z.object({ dsn: z.string(), environment: z.string(), traces_sample_rate: z.number() }).nullable(),
  })
  .openapi('ConsentServices');

const servicesRoute = createRoute({
  method: 'get',
  path: '/v1/consent/services',
  tags: ['consent'],
  summary: 'The optional services an operator configured (read by the browser only after consent)',
  responses: { 200: json(ServicesDto, 'Configured services; null where none'), ...errorEntries(500) },
});

const ShaBody = z.object({ email: z.string().max(254) }).openapi('ShaRequest');
const ShaDto = z.object({ sha1: z.string().regex(/^[0-9a-f]{40}$/) }).openapi('ShaResponse');

const shaRoute = createRoute({
  method: 'post',
  path: '/v1/crypto/sha',
  tags: ['consent'],
  middleware: requireAuth(),
  security: [{ bearerAuth: [] }],
  summary: "SHA-1 of the logged-in customer's own normalised e-mail (spec §7: affiliate identify)",
  description:
    'Spec §7 lists it as POST /crypto/sha; it lives under /api/v1 like every other route. The address is trimmed and ' +
    'lower-cased before hashing. Only the caller\'s own address is hashed (403 FORBIDDEN otherwise), so the endpoint ' +
    'cannot be used to look up or fingerprint other addresses. The browser calls it only after marketing consent.',
  request: { body: { content: { 'application/json': { schema: ShaBody } }, required: true } },
  responses: { 200: json(ShaDto, 'The hex SHA-1'), ...errorEntries(400, 401, 403) },
});

export function sha1Hex(value: string): string {
  return createHash('sha1').update(value, 'utf8').digest('hex');
}

export function registerConsentRoutes(app: ApiApp, options: { config?: ThirdPartyConfig } = {}) {
  const config = options.config ?? thirdPartyConfig();

  app.openapi(servicesRoute, (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(
      {
        tag_manager_url: config.tagManagerUrl,
        affiliate_script_url: config.affiliateScriptUrl,
        error_reporting: config.sentryDsn ? { dsn: config.sentryDsn, environment: config.sentryEnvironment, traces_sample_rate: 1 } : null,
      },
      200,
    );
  });

  app.openapi(shaRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const email = normalizeEmail(c.req.valid('json').email);
    if (!email) return errorJson(c, 400, 'MISSING_PARAMS');
    if (!isValidEmail(email)) return errorJson(c, 400, 'INVALID_EMAIL');
    const contact = await customerContact(c.var.ctx.db, c.var.auth.userId);
    if (!contact?.email || normalizeEmail(contact.email) !== email) return errorJson(c, 403, 'FORBIDDEN');
    return c.json({ sha1: sha1Hex(email) }, 200);
  });
}
