import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import { authSessions } from '../auth/tables';
import type { Db } from '../db/client';
import { realtimeTickets } from './tables';
import type { Topic } from './topics';

/** Long enough to open the stream right after asking, short enough that a leaked URL is worthless. */
export const TICKET_TTL_SECONDS = 60;

export interface IssuedTicket {
  ticket: string;
  expiresAt: Date;
}

export interface RedeemedTicket {
  userId: string;
  sessionId: string;
  topic: Topic;
}

const hashOf = (ticket: string) => createHash('sha256').update(ticket, 'utf8').digest('base64url');

/** A random 256-bit ticket for one topic; only its hash is stored. Expired tickets are tidied here. */
export async function issueTicket(db: Db, owner: { userId: string; sessionId: string }, topic: Topic, now: Date): Promise<IssuedTicket> {
  const ticket = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + TICKET_TTL_SECONDS * 1000);
  await db.delete(realtimeTickets).where(lt(realtimeTickets.expiresAt, now));
  await db.insert(realtimeTickets).values({ hash: hashOf(ticket), userId: owner.userId, sessionId: owner.sessionId, topic, expiresAt });
  return { ticket, expiresAt };
}

/**
 * Spends a ticket: deleting its row is the single use, so two requests racing with one ticket get
 * one stream. Null when unknown, used, expired, or its login session has ended since.
 */
export async function redeemTicket(db: Db, ticket: string, now: Date): Promise<RedeemedTicket | null> {
  const [row] = await db
    .delete(realtimeTickets)
    .where(and(eq(realtimeTickets.hash, hashOf(ticket)), gt(realtimeTickets.expiresAt, now)))
    .returning({ userId: realtimeTickets.userId, sessionId: realtimeTickets.sessionId, topic: realtimeTickets.topic });
  if (!row) return null;
  const [session] = await db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(and(eq(authSessions.id, row.sessionId), eq(authSessions.userId, row.userId), gt(authSessions.expiresAt, now)));
  return session ? { userId: row.userId, sessionId: row.sessionId, topic: row.topic as Topic } : null;
}
