import type { AuthContext } from '../../../platform/auth';
import { checkBirthDate } from '../model/age';
import { normalizePhone } from '../model/phone';
import type { Profile } from './dto';
import type { ServiceContext } from './deps';
import type { AccountResult } from './http';
import type { users } from './schema';
import { findUserById, toProfile, updateUser } from './users-repo';

export async function getProfile(ctx: ServiceContext, auth: AuthContext): Promise<AccountResult<Profile>> {
  const user = await findUserById(ctx.db, auth.userId);
  return user ? { ok: true, value: toProfile(user) } : { ok: false, code: 'UNAUTHORIZED' };
}

export interface ProfileUpdate {
  firstName?: string | undefined;
  lastName?: string | null | undefined;
  phone?: string | null | undefined;
  birthDate?: string | undefined;
  meta?: { locale?: 'en' | 'de' | null | undefined } | undefined;
  emailPreferences?: { transactional?: boolean | undefined; marketing?: boolean | undefined; feedbackAndSurveys?: boolean | undefined } | undefined;
}

/**
 * PUT /user: only the fields sent change. A new phone number is stored unverified; e-mail and
 * password have their own calls because they need confirmation.
 */
export async function updateProfile(ctx: ServiceContext, auth: AuthContext, input: ProfileUpdate): Promise<AccountResult<Profile>> {
  const user = await findUserById(ctx.db, auth.userId);
  if (!user) return { ok: false, code: 'UNAUTHORIZED' };
  const now = ctx.clock.now();
  const changes: Partial<typeof users.$inferInsert> = { updatedAt: now };
  if (input.firstName !== undefined) {
    const firstName = input.firstName.trim();
    if (!firstName) return { ok: false, code: 'MISSING_PARAMS', fields: { firstName: 'MISSING_PARAMS' } };
    changes.firstName = firstName;
  }
  if (input.lastName !== undefined) changes.lastName = input.lastName?.trim() || null;
  if (input.phone !== undefined) {
    const phone = input.phone === null || input.phone.trim() === '' ? null : normalizePhone(input.phone);
    if (input.phone !== null && input.phone.trim() !== '' && !phone) return { ok: false, code: 'INVALID_PHONE_NUMBER', fields: { phone: 'INVALID_PHONE_NUMBER' } };
    if (phone !== user.phone) {
      changes.phone = phone;
      changes.phoneVerifiedAt = null;
    }
  }
  if (input.birthDate !== undefined) {
    const birth = checkBirthDate(input.birthDate.trim(), now);
    if (!birth.ok) return { ok: false, code: birth.code, fields: { birthDate: birth.code } };
    changes.birthDate = input.birthDate.trim();
  }
  if (input.meta?.locale !== undefined) changes.locale = input.meta.locale;
  const prefs = input.emailPreferences;
  if (prefs?.transactional !== undefined) changes.transactionalEmails = prefs.transactional;
  // Consent keeps the time it was first given; withdrawing clears it.
  if (prefs?.marketing !== undefined) changes.marketingConsentAt = prefs.marketing ? (user.marketingConsentAt ?? now) : null;
  if (prefs?.feedbackAndSurveys !== undefined) changes.feedbackConsentAt = prefs.feedbackAndSurveys ? (user.feedbackConsentAt ?? now) : null;
  const updated = await updateUser(ctx.db, user.id, changes);
  return updated ? { ok: true, value: toProfile(updated) } : { ok: false, code: 'UNAUTHORIZED' };
}
