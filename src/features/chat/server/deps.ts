import type { Clock } from '../../../platform/clock';
import type { Db } from '../../../platform/db/client';
import type { Mailer } from '../../../platform/mail';
import { queuedMailer, queuedPushSender } from '../../../platform/outbox';
import { pushSenderFor, type PushSender } from '../../../platform/push';
import { parseMessagingNumbers } from '../model/rules';

/** What the chat needs from outside; tests replace pieces (mailer, env). */
export interface ChatDeps {
  mailer: (db: Db, clock: Clock) => Mailer;
  /** Web push to the customer's devices; null when push is off (production without VAPID keys). */
  push: (db: Db, clock: Clock) => Promise<PushSender | null>;
  /** Messaging-app number per pharmacy (CHAT_MESSAGING_NUMBERS). */
  messagingNumbers: Map<string, string>;
  /** Absolute origin for links in e-mails (PUBLIC_SITE_URL). */
  siteUrl: string;
}

export interface ChatDepsOverrides {
  env?: NodeJS.ProcessEnv;
  mailer?: (db: Db, clock: Clock) => Mailer;
  push?: (db: Db) => Promise<PushSender | null>;
}

export function resolveChatDeps(overrides: ChatDepsOverrides = {}): ChatDeps {
  const env = overrides.env ?? process.env;
  return {
    // Into the outbox through the reply's transaction; the outbox worker delivers (decision 0012).
    mailer: overrides.mailer ?? ((db, clock) => queuedMailer(db, clock)),
    push: overrides.push ?? (async (db, clock) => ((await pushSenderFor(db, env)) ? queuedPushSender(db, clock, 'chat.push') : null)),
    messagingNumbers: parseMessagingNumbers(env.CHAT_MESSAGING_NUMBERS),
    siteUrl: (env.PUBLIC_SITE_URL || 'http://localhost:4321').replace(/\/+$/, ''),
  };
}
