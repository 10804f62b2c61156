import { issueToken, verificationCodeKey } from '../../../platform/auth';
import type { Db } from '../../../platform/db/client';
import { hitAll, refundAll, type RateRule } from '../../../platform/rate-limit';
import type { ServiceContext } from './deps';
import { RATE_RULES } from '../model/limits';
import type { AuthResult } from './auth-result';
import { rateLimited, type AccountFailure } from './http';
import { toProfile, type UserRow } from './users-repo';

type RateChecks = ReadonlyArray<{ rule: RateRule; subject: string | null | undefined }>;

/**
 * Counts the request against each rule (outside any transaction, so refused requests count too).
 * Returns the RATE_LIMITED failure, or null when the request may go on.
 */
export async function limit(ctx: ServiceContext, checks: RateChecks, now: Date = ctx.clock.now()): Promise<AccountFailure | null> {
  const decision = await hitAll(ctx.db, checks, now);
  return decision.allowed ? null : rateLimited(decision.retryAfterSeconds);
}

/** Takes back what `limit` counted for the same checks at `now`, for calls where only failures count. */
export function forgive(ctx: ServiceContext, checks: RateChecks, now: Date): Promise<void> {
  return refundAll(ctx.db, checks, now);
}

/**
 * Limits for entering a code. Per IP; a lookup by the code alone (no account named) from an
 * unknown address also counts against one shared bucket, so such codes cannot be guessed at
 * full speed even when the server cannot tell callers apart.
 */
export function codeEntryChecks(ctx: ServiceContext, byValue: boolean): Array<{ rule: RateRule; subject: string | null }> {
  const checks: Array<{ rule: RateRule; subject: string | null }> = [{ rule: RATE_RULES.codeEntryPerIp, subject: ctx.ip }];
  if (byValue && !ctx.ip) checks.push({ rule: RATE_RULES.codeByValueWithoutIp, subject: 'all' });
  return checks;
}

/** The HMAC key for codes, looked up on the plain database handle. */
export function codeSecret(ctx: ServiceContext): Promise<Buffer> {
  return verificationCodeKey(ctx.db);
}

/** Opens a session (through `tx` when the account is being created in it) and answers with the token. */
export async function startSession(ctx: ServiceContext, tx: Db, user: UserRow): Promise<AuthResult> {
  const issued = await issueToken(tx, { userId: user.id, role: user.role }, ctx.clock.now(), ctx.deps.env);
  return { token: issued.token, expiresAt: issued.expiresAt.toISOString(), user: toProfile(user) };
}
