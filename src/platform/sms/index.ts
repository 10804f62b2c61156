// Outgoing SMS: the SmsSender seam with an HTTP provider adapter and the outbox fallback.
export type { SmsSender, SmsMessage } from './sender';
export { httpSmsSender } from './http-sms';
export { outboxSmsSender } from './outbox-sms';
export { smsSenderFor } from './select-sender';
