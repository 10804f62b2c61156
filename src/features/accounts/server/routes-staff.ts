import { createRoute, z } from '@hono/zod-openapi';
import type { Context, Input } from 'hono';
import { requireAuth, STAFF_ROLES, type AuthEnv } from '../../../platform/auth';
import type { ApiApp } from '../../../platform/http/app';
import { errorEntries, errorJson, json } from '../../../platform/http/openapi';
import { resolveDeps, type AccountsDeps } from './deps';
import { serviceContext } from './route-context';
import { acceptInvite, changeStaffRole, deactivateStaff, inviteStaff, listStaff, pharmacyScope, staffMember, type StaffMember, type StaffResult } from './staff';

/*
 * Back-office staff management under /api/v1/pharmacy/staff. Managers see and manage their own
 * pharmacy's pharmacists; operators everyone. Another pharmacy's staff answer 404; customers 403.
 */

const BASE = '/v1/pharmacy/staff';
const tags = ['pharmacy staff'];
const secured = { middleware: requireAuth(), security: [{ bearerAuth: [] }], tags };
const ERRORS = [400, 401, 403, 404, 409, 503] as const;

const StaffDto = z
  .object({
    id: z.string(),
    email: z.string().nullable(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    role: z.enum(STAFF_ROLES),
    pharmacy_id: z.string().nullable(),
    invited: z.boolean(),
    deactivated: z.boolean(),
  })
  .openapi('StaffMember');
const StaffListDto = z.object({ staff: z.array(StaffDto) }).openapi('StaffList');
const MeDto = z.object({ user_id: z.string(), role: z.enum(STAFF_ROLES), pharmacy_id: z.string().nullable() }).openapi('StaffMe');
const PharmacyQuery = z.object({ pharmacy: z.string().max(100).optional() });
const IdParam = z.object({ id: z.string().min(1).max(100) });
const InviteBody = z
  .object({
    email: z.string().max(254),
    first_name: z.string().max(100),
    last_name: z.string().max(100).optional(),
    role: z.enum(STAFF_ROLES),
    pharmacy_id: z.string().max(100).nullable().optional(),
  })
  .openapi('StaffInvite');
const RoleBody = z.object({ role: z.enum(STAFF_ROLES), pharmacy_id: z.string().max(100).nullable().optional() }).openapi('StaffRoleChange');
const AcceptBody = z.object({ token: z.string().min(1).max(200), password: z.string().max(500), confirm_password: z.string().max(500) }).openapi('StaffInviteAccept');

const meRoute = createRoute({ ...secured, method: 'get', path: '/v1/pharmacy/me', summary: 'Who is working in the back office: role and pharmacy (403 for anyone but staff)', responses: { 200: json(MeDto, 'The staff member'), ...errorEntries(...ERRORS) } });
const listRoute = createRoute({
  ...secured,
  method: 'get',
  path: BASE,
  summary: "The pharmacy's staff (managers: their own pharmacy; operators: ?pharmacy= or all)",
  request: { query: PharmacyQuery },
  responses: { 200: json(StaffListDto, 'Staff'), ...errorEntries(...ERRORS) },
});
const inviteRoute = createRoute({
  ...secured,
  method: 'post',
  path: `${BASE}/invite`,
  summary: 'Invite a staff member: an e-mail with a one-time link (7 days) to set a password',
  description: 'Operators invite any role to any pharmacy; managers pharmacists of their own pharmacy. DUPLICATE_EMAIL (409) for an account in use.',
  request: { body: { content: { 'application/json': { schema: InviteBody } }, required: true } },
  responses: { 200: json(StaffDto, 'The invited staff member'), ...errorEntries(...ERRORS) },
});
const deactivateRoute = createRoute({
  ...secured,
  method: 'post',
  path: `${BASE}/{id}/deactivate`,
  summary: 'Deactivate a staff member: password removed, every session ended',
  request: { params: IdParam },
  responses: { 200: json(StaffDto, 'The deactivated staff member'), ...errorEntries(...ERRORS) },
});
const roleRoute = createRoute({
  ...secured,
  method: 'put',
  path: `${BASE}/{id}/role`,
  summary: "Change a staff member's role and pharmacy (operators only); the person's sessions end",
  request: { params: IdParam, body: { content: { 'application/json': { schema: RoleBody } }, required: true } },
  responses: { 200: json(StaffDto, 'The staff member with the new role'), ...errorEntries(...ERRORS) },
});
const acceptRoute = createRoute({
  method: 'post',
  path: '/v1/staff-invites/accept',
  tags,
  summary: "Set the password of an invited staff account with the invitation link's token",
  description: 'CODE_EXPIRED_INVALID_OR_USED (400) for a used, replaced or expired link; INVALID_PASSWORD_LENGTH, PASSWORD_MISMATCH (400).',
  request: { body: { content: { 'application/json': { schema: AcceptBody } }, required: true } },
  responses: { 200: json(z.object({ email: z.string() }), 'The password is set; log in with the e-mail'), ...errorEntries(400, 503) },
});

export interface StaffRouteDeps {
  /** Whether a pharmacy exists (pharmacies are a feature above accounts; the app hands this in). */
  pharmacyExists: (db: Parameters<typeof staffMember>[0], id: string) => Promise<boolean>;
}

export function registerStaffRoutes(app: ApiApp, routeDeps: StaffRouteDeps, overrides: Partial<AccountsDeps> = {}) {
  const deps = resolveDeps(overrides);

  function fail<P extends string, I extends Input>(c: Context<AuthEnv, P, I>, result: Extract<StaffResult<unknown>, { ok: false }>) {
    return errorJson(c, result.status, result.code, result.fields ? { fields: result.fields } : undefined);
  }
  async function member<P extends string, I extends Input>(c: Context<AuthEnv, P, I>): Promise<StaffMember | null> {
    c.header('Cache-Control', 'no-store');
    return staffMember(c.var.ctx.db, c.var.auth.userId);
  }

  app.openapi(meRoute, async (c) => {
    const me = await member(c);
    if (!me) return errorJson(c, 403, 'FORBIDDEN');
    return c.json({ user_id: me.userId, role: me.role, pharmacy_id: me.pharmacyId }, 200);
  });

  app.openapi(listRoute, async (c) => {
    const me = await member(c);
    if (!me) return errorJson(c, 403, 'FORBIDDEN');
    const scope = pharmacyScope(me, c.req.valid('query').pharmacy);
    if (scope === null) return errorJson(c, 404, 'PHARMACY_NOT_FOUND');
    if (me.role === 'pharmacist') return errorJson(c, 403, 'FORBIDDEN');
    return c.json({ staff: await listStaff(c.var.ctx.db, scope) }, 200);
  });

  app.openapi(inviteRoute, async (c) => {
    const me = await member(c);
    if (!me) return errorJson(c, 403, 'FORBIDDEN');
    const body = c.req.valid('json');
    if (me.role === 'pharmacist') return errorJson(c, 403, 'FORBIDDEN');
    const ctx = serviceContext(c, deps);
    const result = await inviteStaff(
      ctx,
      me,
      { email: body.email, firstName: body.first_name, lastName: body.last_name ?? '', role: body.role, pharmacyId: body.pharmacy_id ?? null, origin: new URL(c.req.url).origin, locale: c.var.locale },
      (id) => routeDeps.pharmacyExists(ctx.db, id),
    );
    return result.ok ? c.json(result.value, 200) : fail(c, result);
  });

  app.openapi(deactivateRoute, async (c) => {
    const me = await member(c);
    if (!me) return errorJson(c, 403, 'FORBIDDEN');
    if (me.role === 'pharmacist') return errorJson(c, 403, 'FORBIDDEN');
    const result = await deactivateStaff(serviceContext(c, deps), me, c.req.valid('param').id);
    return result.ok ? c.json(result.value, 200) : fail(c, result);
  });

  app.openapi(roleRoute, async (c) => {
    const me = await member(c);
    if (!me) return errorJson(c, 403, 'FORBIDDEN');
    if (me.role === 'pharmacist') return errorJson(c, 403, 'FORBIDDEN');
    const body = c.req.valid('json');
    const ctx = serviceContext(c, deps);
    const result = await changeStaffRole(ctx, me, c.req.valid('param').id, { role: body.role, pharmacyId: body.pharmacy_id ?? null }, (id) => routeDeps.pharmacyExists(ctx.db, id));
    return result.ok ? c.json(result.value, 200) : fail(c, result);
  });

  app.openapi(acceptRoute, async (c) => {
    const body = c.req.valid('json');
    const result = await acceptInvite(serviceContext(c, deps), { token: body.token, password: body.password, confirmPassword: body.confirm_password });
    if (result.ok) return c.json(result.value, 200);
    return errorJson(c, result.status === 400 ? 400 : 503, result.code, result.fields ? { fields: result.fields } : undefined);
  });
}
