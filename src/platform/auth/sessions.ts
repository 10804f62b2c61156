import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { authConfig } from './config';
import { signHs256, verifyHs256 } from './jwt-hs256';
import { isRole, type Role } from './roles';
import { authSessions } from './tables';
import { tokenSecret } from './token-secret';

/** Who is calling: put on the request context by requireAuth/optionalAuth. */
export interface AuthContext {
  userId: string;
  role: Role;
  sessionId: string;
}

export interface IssuedToken {
  token: string;
  expiresAt: Date;
  sessionId: string;
}

/**
 * Opens a session and signs a token for it. `db` may be a transaction so that the session appears
 * together with the account it belongs to; `secretDb` must be the plain database (the secret is
 * cached per database handle).
 */
export async function issueToken(
  db: Db,
  subject: { userId: string; role: Role },
  now: Date,
  options: { secretDb?: Db; env?: NodeJS.ProcessEnv } = {},
): Promise<IssuedToken> {
  const env = options.env ?? process.env;
  const { ttlSeconds } = authConfig(env);
  const secret = await tokenSecret(options.secretDb ?? db, env);
  const sessionId = randomBytes(18).toString('base64url');
  const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
  // Expired sessions of this user are tidied here, where a row is written anyway.
  await db.delete(authSessions).where(and(eq(authSessions.userId, subject.userId), lt(authSessions.expiresAt, now)));
  await db.insert(authSessions).values({ id: sessionId, userId: subject.userId, role: subject.role, createdAt: now, expiresAt });
  const iat = Math.floor(now.getTime() / 1000);
  const token = signHs256({ sub: subject.userId, sid: sessionId, role: subject.role, iat, exp: iat + ttlSeconds }, secret);
  return { token, expiresAt, sessionId };
}

/** Resolves a bearer token to its live session, or null (bad signature, expired, revoked). */
export async function authenticate(db: Db, token: string, now: Date, env: NodeJS.ProcessEnv = process.env): Promise<AuthContext | null> {
  const secret = await tokenSecret(db, env);
  const result = verifyHs256(token, secret, Math.floor(now.getTime() / 1000));
  if (!result.ok) return null;
  const { sub, sid } = result.claims;
  if (typeof sub !== 'string' || typeof sid !== 'string') return null;
  const [session] = await db
    .select({ role: authSessions.role })
    .from(authSessions)
    .where(and(eq(authSessions.id, sid), eq(authSessions.userId, sub), gt(authSessions.expiresAt, now)));
  if (!session || !isRole(session.role)) return null;
  return { userId: sub, role: session.role, sessionId: sid };
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(authSessions).where(eq(authSessions.id, sessionId));
}

/** Ends every session of a user, or every one but `exceptSessionId` (password change keeps the caller's). */
export async function revokeUserSessions(db: Db, userId: string, exceptSessionId?: string): Promise<void> {
  await db
    .delete(authSessions)
    .where(exceptSessionId ? and(eq(authSessions.userId, userId), ne(authSessions.id, exceptSessionId)) : eq(authSessions.userId, userId));
}
