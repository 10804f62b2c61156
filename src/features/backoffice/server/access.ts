import type { Context, Input } from 'hono';
import type { AuthEnv } from '../../../platform/auth';
import type { Db } from '../../../platform/db/client';
import { errorJson } from '../../../platform/http/openapi';
import { pharmacyScope, staffMember, type StaffMember } from '../../accounts';
import { pharmaciesById } from '../../pharmacies';

type Access = { ok: true; member: StaffMember; pharmacy: string | 'all' } | { ok: false; status: 403 | 404; code: 'FORBIDDEN' | 'PHARMACY_NOT_FOUND' };

/** Managers (their own pharmacy) and operators (one named, or all); `operatorOnly` for the shop-wide tools. */
export async function access(db: Db, userId: string, requested: string | undefined, operatorOnly: boolean): Promise<Access> {
  const member = await staffMember(db, userId);
  if (!member || member.role === 'pharmacist' || (operatorOnly && member.role !== 'operator')) return { ok: false, status: 403, code: 'FORBIDDEN' };
  const pharmacy = pharmacyScope(member, requested);
  if (pharmacy === null) return { ok: false, status: 404, code: 'PHARMACY_NOT_FOUND' };
  if (pharmacy !== 'all' && member.role === 'operator' && !(await pharmaciesById(db, [pharmacy])).has(pharmacy)) return { ok: false, status: 404, code: 'PHARMACY_NOT_FOUND' };
  return { ok: true, member, pharmacy };
}

export const refuse = <P extends string, I extends Input>(c: Context<AuthEnv, P, I>, denied: Extract<Access, { ok: false }>) => errorJson(c, denied.status, denied.code);
