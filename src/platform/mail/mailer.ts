/** An e-mail as features write it; the adapter adds the sender. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * Deliver it, but keep no copy in the shop's database: the outbox, which stands in for a mail
   * server there, drops it. For the goodbye to an address that has just been erased.
   */
  transient?: boolean;
  /**
   * The outbox's key for this one message (decision 0012): the SMTP adapter makes it the
   * Message-ID, the development outbox keeps one copy per key. Set by the outbox worker.
   */
  idempotencyKey?: string;
  /** What it is (`order.received`, `chat.reply`): names the message in the outbox and its logs. */
  kind?: string;
}

/** The seam every feature sends mail through (SMTP in production, the outbox in development). */
export interface Mailer {
  /** Resolves when the message is accepted; rejects with DeliveryError when it is not. */
  send(message: MailMessage): Promise<void>;
}

/** A message could not be handed over. Callers turn it into a user-facing code, never a 500. */
export class DeliveryError extends Error {
  override name = 'DeliveryError';
}
