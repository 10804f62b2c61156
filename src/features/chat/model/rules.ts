/*
 * The chat's pure rules (browser-safe): message length, the send rate, the away e-mail throttle and
 * the messaging-app link.
 */

/** At most this many characters per message (longer answers 400 VALUE_TOO_LONG). */
export const MAX_CHAT_MESSAGE_LENGTH = 2000;

/** Messages one account may send per minute (RATE_LIMITED beyond). */
export const CHAT_SEND_LIMIT = { name: 'chat-message', limit: 10, windowMs: 60_000 } as const;

/** At most one "a pharmacist replied" e-mail per conversation in this time. */
export const AWAY_MAIL_INTERVAL_MS = 60 * 60_000;

/** Live events: on `user:<customer>` and `inbox:<pharmacy>`, data `{ conversation_id }`. */
export const CHAT_MESSAGE_EVENT = 'chat.message';
export const CHAT_READ_EVENT = 'chat.read';
export const CHAT_STATUS_EVENT = 'chat.status';
export const CHAT_EVENT_TYPES: readonly string[] = [CHAT_MESSAGE_EVENT, CHAT_READ_EVENT, CHAT_STATUS_EVENT];

/** The text as stored: trimmed at both ends; null when nothing is left. */
export function normalizeMessage(text: string): string | null {
  const trimmed = text.trim();
  return trimmed ? trimmed : null;
}

/** Whether a reply should e-mail the customer: they are away and no such e-mail went out within the hour. */
export function shouldSendAwayMail(input: { customerWatching: boolean; lastMailAt: Date | null; now: Date }): boolean {
  if (input.customerWatching) return false;
  return input.lastMailAt === null || input.now.getTime() - input.lastMailAt.getTime() >= AWAY_MAIL_INTERVAL_MS;
}

/**
 * WhatsApp's click-to-chat link for a messaging number (international, digits only), or null when
 * it is not one. It carries no text: nothing about the customer's health leaves the shop this way.
 */
export function messagingLink(number: string | null | undefined): string | null {
  if (!number) return null;
  const digits = number.replace(/[\s()/-]/g, '').replace(/^\+/, '').replace(/^00/, '');
  if (!/^[1-9]\d{6,14}$/.test(digits)) return null;
  return `https://wa.me/${digits}`;
}

/** `CHAT_MESSAGING_NUMBERS`: "pharmacy-id=+49 30 123456,other-id=+49…" → number per pharmacy. */
export function parseMessagingNumbers(value: string | undefined): Map<string, string> {
  const numbers = new Map<string, string>();
  for (const entry of (value ?? '').split(',')) {
    const [id, number] = entry.split('=').map((part) => part?.trim());
    if (id && number && messagingLink(number)) numbers.set(id, number);
  }
  return numbers;
}
