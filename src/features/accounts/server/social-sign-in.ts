import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { checkBirthDate } from '../model/age';
import { RATE_RULES } from '../model/limits';
import type { ServiceContext } from './deps';
import type { AuthResult } from './auth-result';
import { limit, startSession } from './guards';
import type { AccountResult } from './http';
import { userIdentities, users } from './schema';
import { socialConfig, type SocialProvider } from './social-config';
import { facebookProfile, oidcProfile, type SocialProfile } from './social-identity';
import { claimIdTokenUse, idTokenAlreadyUsed, pruneIdTokenUses } from './social-replay';
import { inTransaction, isUniqueViolation } from './transaction';
import { findUserByEmail, findUserById, maySignIn, updateUser, type UserRow } from './users-repo';

/** A replayed ID token gets the same answer as any other unusable one. */
const TOKEN_USED = { ok: false, code: 'SOCIAL_TOKEN_INVALID' } as const;

/** Marks an Apple/Google ID token used inside the sign-in transaction (Facebook tokens: nothing to do). */
async function claimToken(tx: Db, profile: SocialProfile, now: Date): Promise<boolean> {
  return profile.tokenUse ? claimIdTokenUse(tx, profile.tokenUse, now) : true;
}

export interface SocialInput {
  token: string;
  /** Apple/Google: the raw nonce the page generated for this sign-in (required). */
  nonce?: string | undefined;
  birthDate?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
}

/**
 * POST /user/auth/{apple|google|facebook}. Signs in the account linked to the provider account;
 * else links the account with the same, provider-verified e-mail; else creates one. A new account
 * needs a birth date of someone 18 or older unless the provider already vouches for adulthood.
 * An Apple/Google ID token must carry the page's nonce and signs in once: it is marked used in the
 * transaction that starts the session, so the birth-date round trip may send it again until then.
 */
export async function socialSignIn(ctx: ServiceContext, provider: SocialProvider, input: SocialInput): Promise<AccountResult<AuthResult & { created: boolean }>> {
  const config = socialConfig(ctx.deps.env);
  const limited = await limit(ctx, [{ rule: RATE_RULES.socialPerIp, subject: ctx.ip }]);
  if (limited) return limited;

  let verified: AccountResult<SocialProfile>;
  if (provider === 'facebook') {
    if (!config.facebook) return { ok: false, code: 'NOT_FOUND' };
    verified = await facebookProfile(ctx, config.facebook, input.token);
  } else {
    const oidc = config[provider];
    if (!oidc) return { ok: false, code: 'NOT_FOUND' };
    verified = await oidcProfile(ctx, provider, oidc, input.token, input.nonce);
  }
  if (!verified.ok) return verified;
  const profile = verified.value;
  if (profile.tokenUse) {
    await pruneIdTokenUses(ctx.db, ctx.clock.now());
    if (await idTokenAlreadyUsed(ctx.db, profile.tokenUse)) return { ...TOKEN_USED };
  }
  if (profile.adult === false) return { ok: false, code: 'AGE_BELOW_MINIMUM_CRITERIA' };

  const [link] = await ctx.db
    .select({ userId: userIdentities.userId })
    .from(userIdentities)
    .where(and(eq(userIdentities.provider, profile.provider), eq(userIdentities.subject, profile.subject)));
  const linked = link ? await findUserById(ctx.db, link.userId) : undefined;
  const now = ctx.clock.now();
  if (linked && !maySignIn(linked)) return { ok: false, code: 'USER_NOT_FOUND' };
  if (linked) {
    return inTransaction(ctx, async (tx) => {
      if (!(await claimToken(tx, profile, now))) return { ...TOKEN_USED };
      return { ok: true, value: { ...(await startSession(ctx, tx, linked)), created: false } };
    });
  }

  if (profile.email) {
    const existing = await findUserByEmail(ctx.db, profile.email);
    if (existing) {
      if (!maySignIn(existing)) return { ok: false, code: 'USER_NOT_FOUND' };
      // Linking by an address the provider has not confirmed would hand the account to whoever
      // typed it in at the provider.
      if (!profile.emailVerified) return { ok: false, code: 'DUPLICATE_EMAIL' };
      return linkAndSignIn(ctx, existing, profile, now);
    }
  }
  return createAndSignIn(ctx, profile, input, now);
}

async function linkAndSignIn(ctx: ServiceContext, user: UserRow, profile: SocialProfile, now: Date): Promise<AccountResult<AuthResult & { created: boolean }>> {
  return inTransaction(ctx, async (tx) => {
    if (!(await claimToken(tx, profile, now))) return { ...TOKEN_USED };
    await tx.insert(userIdentities).values({ provider: profile.provider, subject: profile.subject, userId: user.id, createdAt: now }).onConflictDoNothing();
    const updated = user.emailVerifiedAt ? user : ((await updateUser(tx, user.id, { emailVerifiedAt: now, updatedAt: now })) ?? user);
    return { ok: true, value: { ...(await startSession(ctx, tx, updated)), created: false } };
  });
}

async function createAndSignIn(ctx: ServiceContext, profile: SocialProfile, input: SocialInput, now: Date): Promise<AccountResult<AuthResult & { created: boolean }>> {
  const birthDate = input.birthDate?.trim() || null;
  if (birthDate) {
    const birth = checkBirthDate(birthDate, now);
    if (!birth.ok) return { ok: false, code: birth.code, fields: { birthDate: birth.code } };
  } else if (profile.adult !== true) {
    // The UI asks for the birth date and sends the same provider token again.
    return { ok: false, code: 'MISSING_PARAMS', fields: { birthDate: 'MISSING_PARAMS' } };
  }
  try {
    return await inTransaction(ctx, async (tx) => {
      if (!(await claimToken(tx, profile, now))) return { ...TOKEN_USED };
      const [user] = await tx
        .insert(users)
        .values({
          id: randomUUID(),
          email: profile.email,
          emailVerifiedAt: profile.email && profile.emailVerified ? now : null,
          firstName: input.firstName?.trim() || profile.firstName,
          lastName: input.lastName?.trim() || profile.lastName,
          birthDate,
          locale: ctx.locale,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!user) throw new Error('insert returned no row');
      await tx.insert(userIdentities).values({ provider: profile.provider, subject: profile.subject, userId: user.id, createdAt: now });
      return { ok: true, value: { ...(await startSession(ctx, tx, user)), created: true } };
    });
  } catch (error) {
    // The same person signing in twice at once, or the address registered meanwhile.
    if (isUniqueViolation(error)) return { ok: false, code: 'DUPLICATE_EMAIL' };
    throw error;
  }
}
