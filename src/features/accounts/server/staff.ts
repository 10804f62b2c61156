import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import { hashPassword, isStaffRole, revokeUserSessions, STAFF_ROLES, type StaffRole } from '../../../platform/auth';
import type { Db } from '../../../platform/db/client';
import { withTransaction } from '../../../platform/db';
import type { ErrorCode } from '../../../platform/http/error-codes';
import type { Locale } from '../../../platform/i18n/locales';
import { localizePath } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { isValidEmail, normalizeEmail } from '../model/email';
import { newPasswordProblem } from '../model/password-rules';
import { staffMailMessages } from '../i18n/staff-mail';
import type { ServiceContext } from './deps';
import { users, verificationCodes } from './schema';

/*
 * Back-office staff (issue 13): pharmacists work one pharmacy's orders, managers also run its staff,
 * settings and stock, operators work every pharmacy. Who a caller is comes from the users row on
 * every request, never from the session alone, so a changed role or a deactivation counts at once
 * (and both end the person's sessions anyway).
 */

export interface StaffMember {
  userId: string;
  role: StaffRole;
  /** Null only for operators (every pharmacy). */
  pharmacyId: string | null;
}

/** A live staff account (not erased, not deactivated), or null for customers and everyone else. */
export async function staffMember(db: Db, userId: string): Promise<StaffMember | null> {
  const [row] = await db
    .select({ id: users.id, role: users.role, pharmacyId: users.pharmacyId, deletedAt: users.deletedAt, deactivatedAt: users.deactivatedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!row || row.deletedAt || row.deactivatedAt || !isStaffRole(row.role)) return null;
  if (row.role !== 'operator' && !row.pharmacyId) return null;
  return { userId: row.id, role: row.role, pharmacyId: row.role === 'operator' ? null : row.pharmacyId };
}

/**
 * The pharmacy a staff member works on for one request: their own (pharmacist, manager), whichever
 * they name (operator; 'all' when they name none). Another pharmacy than one's own is null: the
 * caller answers 404, as if it did not exist.
 */
export function pharmacyScope(member: StaffMember, requested: string | null | undefined): string | 'all' | null {
  if (member.role === 'operator') return requested ? requested : 'all';
  if (requested && requested !== member.pharmacyId) return null;
  return member.pharmacyId;
}

export type StaffResult<T> = { ok: true; value: T } | { ok: false; status: 400 | 403 | 404 | 409 | 503; code: ErrorCode; fields?: Record<string, ErrorCode> };
const refuse = (status: 400 | 403 | 404 | 409 | 503, code: ErrorCode, fields?: Record<string, ErrorCode>): StaffResult<never> =>
  fields ? { ok: false, status, code, fields } : { ok: false, status, code };

export interface StaffRow {
  id: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  role: StaffRole;
  pharmacy_id: string | null;
  /** Invited, no password set yet. */
  invited: boolean;
  deactivated: boolean;
}

const staffColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  pharmacyId: users.pharmacyId,
  passwordHash: users.passwordHash,
  deactivatedAt: users.deactivatedAt,
};
type StaffSelect = { id: string; email: string | null; firstName: string | null; lastName: string | null; role: string; pharmacyId: string | null; passwordHash: string | null; deactivatedAt: Date | null };

function toStaffRow(row: StaffSelect): StaffRow {
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    role: isStaffRole(row.role) ? row.role : 'pharmacist',
    pharmacy_id: row.pharmacyId,
    invited: row.passwordHash === null && row.deactivatedAt === null,
    deactivated: row.deactivatedAt !== null,
  };
}

/** Staff of one pharmacy (managers: their own), or of all (operators), by role then e-mail. */
export async function listStaff(db: Db, scope: string | 'all'): Promise<StaffRow[]> {
  const roles = [...STAFF_ROLES];
  const where = scope === 'all' ? and(inArray(users.role, roles), isNull(users.deletedAt)) : and(inArray(users.role, roles), isNull(users.deletedAt), eq(users.pharmacyId, scope));
  const rows = await db.select(staffColumns).from(users).where(where).orderBy(asc(users.role), asc(users.email));
  return rows.map(toStaffRow);
}

/** What a caller may do to staff: operators anything; managers the pharmacists of their own pharmacy. */
function mayManage(actor: StaffMember, target: { role: StaffRole; pharmacyId: string | null }): boolean {
  if (actor.role === 'operator') return true;
  return actor.role === 'manager' && target.role === 'pharmacist' && target.pharmacyId === actor.pharmacyId;
}

async function findStaff(db: Db, id: string): Promise<StaffSelect | null> {
  const [row] = await db
    .select(staffColumns)
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row && isStaffRole(row.role) ? row : null;
}

/** A staff member the actor may see: the same pharmacy for managers, any for operators; else not found. */
function visibleTo(actor: StaffMember, row: StaffSelect): boolean {
  return actor.role === 'operator' || (actor.role === 'manager' && row.pharmacyId === actor.pharmacyId);
}

export const INVITE_TTL_MS = 7 * 24 * 3600 * 1000;
const inviteHash = (token: string) => createHash('sha256').update(`staff_invite:${token}`).digest('base64url');

export interface InviteInput {
  email: string;
  firstName: string;
  lastName: string;
  role: StaffRole;
  pharmacyId: string | null;
  /** Where the set-password page lives (the request's origin). */
  origin: string;
  locale: Locale;
}

/**
 * Creates (or re-invites) a staff account without a password and mails a one-time link to set one.
 * Only the link's hash is stored; a new invitation makes the earlier link useless.
 */
export async function inviteStaff(ctx: ServiceContext, actor: StaffMember, input: InviteInput, pharmacyExists: (id: string) => Promise<boolean>): Promise<StaffResult<StaffRow>> {
  const email = normalizeEmail(input.email);
  if (!email || !input.firstName.trim()) return refuse(400, 'MISSING_PARAMS');
  if (!isValidEmail(email)) return refuse(400, 'INVALID_EMAIL', { email: 'INVALID_EMAIL' });
  const pharmacyId = input.role === 'operator' ? null : (input.pharmacyId ?? actor.pharmacyId);
  if (input.role !== 'operator' && !pharmacyId) return refuse(400, 'MISSING_PARAMS');
  if (!mayManage(actor, { role: input.role, pharmacyId })) return actor.role === 'manager' && pharmacyId !== actor.pharmacyId ? refuse(404, 'PHARMACY_NOT_FOUND') : refuse(403, 'FORBIDDEN');
  if (pharmacyId && !(await pharmacyExists(pharmacyId))) return refuse(404, 'PHARMACY_NOT_FOUND');
  const now = ctx.clock.now();
  const token = randomBytes(32).toString('base64url');
  try {
    return await withTransaction(ctx.db, async (tx): Promise<StaffResult<StaffRow>> => {
      const [existing] = await tx.select(staffColumns).from(users).where(eq(users.email, email));
      let id: string;
      if (existing) {
        // Only a pending invitation can be sent again; an account in use is never taken over.
        if (existing.passwordHash !== null || !isStaffRole(existing.role)) return refuse(409, 'DUPLICATE_EMAIL', { email: 'DUPLICATE_EMAIL' });
        id = existing.id;
        await tx.update(users).set({ firstName: input.firstName.trim(), lastName: input.lastName.trim() || null, role: input.role, pharmacyId, deactivatedAt: null, updatedAt: now }).where(eq(users.id, id));
      } else {
        id = randomUUID();
        await tx.insert(users).values({ id, email, firstName: input.firstName.trim(), lastName: input.lastName.trim() || null, role: input.role, pharmacyId, locale: input.locale, createdAt: now, updatedAt: now });
      }
      await tx
        .update(verificationCodes)
        .set({ consumedAt: now })
        .where(and(eq(verificationCodes.purpose, 'staff_invite'), eq(verificationCodes.userId, id), isNull(verificationCodes.consumedAt)));
      await tx.insert(verificationCodes).values({ id: randomUUID(), purpose: 'staff_invite', userId: id, target: email, codeHash: inviteHash(token), expiresAt: new Date(now.getTime() + INVITE_TTL_MS), createdAt: now });
      const t = translator(staffMailMessages, input.locale);
      // The token rides in the fragment: it never reaches a server log.
      const link = `${input.origin}${localizePath('/pharmacy/invite/', input.locale)}#token=${token}`;
      await ctx.deps.mailer(tx, ctx.clock).send({ to: email, subject: t('inviteSubject'), text: t('inviteText', { name: input.firstName.trim(), link, days: 7 }) });
      const row = await findStaff(tx, id);
      return { ok: true, value: toStaffRow(row!) };
    });
  } catch (error) {
    console.error(JSON.stringify({ level: 'error', msg: 'staff invitation failed', error: String(error).split('\nparams:')[0] }));
    return refuse(503, 'VERIFICATION_NOT_DELIVERED');
  }
}

/** The invited person sets their password with the link's token (once, within 7 days). */
export async function acceptInvite(ctx: ServiceContext, input: { token: string; password: string; confirmPassword: string }): Promise<StaffResult<{ email: string }>> {
  const problem = newPasswordProblem(input.password, input.confirmPassword);
  if (problem) return refuse(400, problem, { [problem === 'PASSWORD_MISMATCH' ? 'confirmPassword' : 'password']: problem });
  const now = ctx.clock.now();
  const [invite] = await ctx.db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.purpose, 'staff_invite'), eq(verificationCodes.codeHash, inviteHash(input.token.trim())), isNull(verificationCodes.consumedAt), gt(verificationCodes.expiresAt, now)));
  if (!invite?.userId) return refuse(400, 'CODE_EXPIRED_INVALID_OR_USED');
  const passwordHash = await hashPassword(input.password);
  return withTransaction(ctx.db, async (tx): Promise<StaffResult<{ email: string }>> => {
    const used = await tx
      .update(verificationCodes)
      .set({ consumedAt: now })
      .where(and(eq(verificationCodes.id, invite.id), isNull(verificationCodes.consumedAt)))
      .returning({ id: verificationCodes.id });
    if (used.length !== 1) return refuse(400, 'CODE_EXPIRED_INVALID_OR_USED');
    const updated = await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: now, updatedAt: now })
      .where(and(eq(users.id, invite.userId!), eq(users.email, invite.target), isNull(users.deletedAt), isNull(users.deactivatedAt)))
      .returning({ email: users.email });
    if (updated.length !== 1) return refuse(400, 'CODE_EXPIRED_INVALID_OR_USED');
    return { ok: true, value: { email: invite.target } };
  });
}

/** Takes a person off the back office: no password, no pending invitation, every session ended. */
export async function deactivateStaff(ctx: ServiceContext, actor: StaffMember, id: string): Promise<StaffResult<StaffRow>> {
  const row = await findStaff(ctx.db, id);
  if (!row || !visibleTo(actor, row)) return refuse(404, 'STAFF_NOT_FOUND');
  if (!mayManage(actor, { role: row.role as StaffRole, pharmacyId: row.pharmacyId }) || row.id === actor.userId) return refuse(403, 'FORBIDDEN');
  const now = ctx.clock.now();
  return withTransaction(ctx.db, async (tx): Promise<StaffResult<StaffRow>> => {
    await tx.update(users).set({ deactivatedAt: now, passwordHash: null, updatedAt: now }).where(eq(users.id, id));
    await tx.update(verificationCodes).set({ consumedAt: now }).where(and(eq(verificationCodes.userId, id), isNull(verificationCodes.consumedAt)));
    await revokeUserSessions(tx, id);
    return { ok: true, value: toStaffRow((await findStaff(tx, id))!) };
  });
}

/** Operators change a person's role (and pharmacy); the person's sessions end, so the new rights apply at their next login. */
export async function changeStaffRole(
  ctx: ServiceContext,
  actor: StaffMember,
  id: string,
  input: { role: StaffRole; pharmacyId: string | null },
  pharmacyExists: (id: string) => Promise<boolean>,
): Promise<StaffResult<StaffRow>> {
  const row = await findStaff(ctx.db, id);
  if (!row || !visibleTo(actor, row)) return refuse(404, 'STAFF_NOT_FOUND');
  if (actor.role !== 'operator' || row.id === actor.userId) return refuse(403, 'FORBIDDEN');
  const pharmacyId = input.role === 'operator' ? null : (input.pharmacyId ?? row.pharmacyId);
  if (input.role !== 'operator' && !pharmacyId) return refuse(400, 'MISSING_PARAMS');
  if (pharmacyId && !(await pharmacyExists(pharmacyId))) return refuse(404, 'PHARMACY_NOT_FOUND');
  const now = ctx.clock.now();
  return withTransaction(ctx.db, async (tx): Promise<StaffResult<StaffRow>> => {
    await tx.update(users).set({ role: input.role, pharmacyId, updatedAt: now }).where(eq(users.id, id));
    await revokeUserSessions(tx, id);
    return { ok: true, value: toStaffRow((await findStaff(tx, id))!) };
  });
}
