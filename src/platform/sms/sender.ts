export interface SmsMessage {
  /** E.164, e.g. +491711234567. */
  to: string;
  text: string;
  /** The outbox's key for this one message, sent as the Idempotency-Key header (decision 0012). */
  idempotencyKey?: string;
  kind?: string;
}

/** The seam every feature sends SMS through (an HTTP provider in production, the outbox otherwise). */
export interface SmsSender {
  /** Rejects with DeliveryError (from platform/mail) when the provider does not accept the message. */
  send(message: SmsMessage): Promise<void>;
}
