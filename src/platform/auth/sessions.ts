import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { prepared } from '../db/prepared';
import { authConfig } from './config';
import { liveSession } from './session-copies';
import { isRole, type Role } from './roles';
import { authSessions } from './tables';

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
 * Login tokens are opaque: 256 random bits, base64url. Every request checks its session anyway
 * (for revocation), so a signed token would add a key to manage and nothing else. The row stores
 * only the token's SHA-256: enough to find it, useless to whoever reads the database.
 */
const TOKEN_BYTES = 32;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url');
}

/**
 * Opens a session and returns its token (the only time the token exists in clear on the server).
 * `db` may be a transaction so that the session appears together with the account it belongs to.
 */
export async function issueToken(db: Db, subject: { userId: string; role: Role }, now: Date, env: NodeJS.ProcessEnv = process.env): Promise<IssuedToken> {
  const { ttlSeconds } = authConfig(env);
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const sessionId = randomBytes(18).toString('base64url');
  const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
  // Expired sessions of this user are tidied here, where a row is written anyway.
  await db.delete(authSessions).where(and(eq(authSessions.userId, subject.userId), lt(authSessions.expiresAt, now)));
  await db.insert(authSessions).values({ id: sessionId, tokenHash: tokenHash(token), userId: subject.userId, role: subject.role, createdAt: now, expiresAt });
  return { token, expiresAt, sessionId };
}

/** Resolves a bearer token to its live session, or null (unknown, expired, revoked). */
export async function authenticate(db: Db, token: string, now: Date): Promise<AuthContext | null> {
  // Anything not shaped like our tokens (e.g. a signed token of an older version) costs no query.
  if (!TOKEN_SHAPE.test(token)) return null;
  const hash = tokenHash(token);
  const session = await liveSession(db, hash, now, async () => {
    const [row] = await prepared(db, 'auth_session_by_token', (on, name) =>
      on
        .select({ id: authSessions.id, userId: authSessions.userId, role: authSessions.role, expiresAt: authSessions.expiresAt })
        .from(authSessions)
        .where(and(eq(authSessions.tokenHash, sql.placeholder('hash')), gt(authSessions.expiresAt, sql.placeholder('now'))))
        .prepare(name),
    ).execute({ hash, now: now.toISOString() });
    return row ?? null;
  });
  if (!session || !isRole(session.role)) return null;
  return { userId: session.userId, role: session.role, sessionId: session.id };
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
