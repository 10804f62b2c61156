// The transactional outbox (decision 0012): messages written with the change that causes them,
// delivered by a worker with retries, a delivery log and dead letters.
export { outboxMessages, outboxAttempts, type OutboxChannel, type OutboxStatus, type OutboxRow } from './tables';
export { enqueueMessage, OUTBOX_NOTIFY_CHANNEL, type OutgoingMessage } from './enqueue';
export { maskRecipient } from './mask';
export { queuedMailer, queuedSmsSender, queuedPushSender } from './queued';
export { mailTransport, smsTransport, pushTransport } from './transports';
export {
  claimDue,
  drainOutbox,
  startOutboxWorker,
  retryDelayMs,
  outboxSettingsFromEnv,
  DEFAULT_OUTBOX_SETTINGS,
  type OutboxTransport,
  type OutboxTransports,
  type OutboxDelivery,
  type OutboxOptions,
  type OutboxSettings,
  type OutboxWorker,
  type DrainReport,
} from './worker';
export { deadLetters, retryDeadLetter, forgetMessagesTo, type DeadLetter } from './dead-letters';
