import type { Db } from '../db/client';
import { listenForCommits, type CommitNotifications } from '../db/commit-notifications';

/** A live session as a request needs it: who, in which role, until when. */
export interface SessionCopy {
  id: string;
  userId: string;
  role: string;
  expiresAt: Date;
}

/** Bounded: emptied when full (each entry is a token someone logged in with; the live ones come back at once). */
const MAX_COPIES = 50_000;

/**
 * The sessions this process has resolved, by token hash. Every request reads its session, which was
 * the one statement every API call made (five of a checkout's fifty): a copy answers instead, once
 * the process has heard every session change committed before the request (`caughtUp`, shared by
 * concurrent requests), so a logout or revocation counts everywhere as it commits, as a read would.
 */
class SessionCopies {
  private readonly byHash = new Map<string, SessionCopy>();
  private readonly hashById = new Map<string, string>();
  /** Moves on with every change heard: a read that began before one may hold what it changed. */
  private changes = 0;

  /** A session ended or changed (its id), or '' when any may have. */
  changed(sessionId: string): void {
    this.changes += 1;
    if (!sessionId) {
      this.byHash.clear();
      this.hashById.clear();
      return;
    }
    const hash = this.hashById.get(sessionId);
    if (hash === undefined) return;
    this.hashById.delete(sessionId);
    this.byHash.delete(hash);
  }

  get(hash: string): SessionCopy | undefined {
    return this.byHash.get(hash);
  }

  /** Reads a session and keeps it, unless a change was heard while it was read. Unknown tokens are not kept. */
  async read(hash: string, load: () => Promise<SessionCopy | null>): Promise<SessionCopy | null> {
    const before = this.changes;
    const session = await load();
    if (session && this.changes === before) {
      if (this.byHash.size >= MAX_COPIES) this.changed('');
      this.byHash.set(hash, session);
      this.hashById.set(session.id, hash);
    }
    return session;
  }
}

const copiesByDb = new WeakMap<Db, Promise<{ copies: SessionCopies; notifications: CommitNotifications } | null>>();

function sessionCopies(db: Db) {
  let found = copiesByDb.get(db);
  if (!found) {
    const copies = new SessionCopies();
    found = listenForCommits(db, 'session_changed', { onNotify: (sessionId) => copies.changed(sessionId), onReset: () => copies.changed('') }).then(
      (notifications) => notifications && { copies, notifications },
    );
    copiesByDb.set(db, found);
  }
  return found;
}

/**
 * The live session of a token hash at `now`, from this process's copy when it is as fresh as the
 * database; `load` reads the database (live sessions only). A database that cannot tell of
 * commits (or a transaction) is always read.
 */
export async function liveSession(db: Db, hash: string, now: Date, load: () => Promise<SessionCopy | null>): Promise<SessionCopy | null> {
  const listening = await sessionCopies(db);
  if (!listening || !(await listening.notifications.caughtUp())) return load();
  const copy = listening.copies.get(hash);
  if (copy) return copy.expiresAt > now ? copy : null;
  return listening.copies.read(hash, load);
}
