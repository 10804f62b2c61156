// Outgoing web push: the PushSender seam, its Web Push (VAPID) adapter and where its keys come from.
export type { PushSender, PushTarget, PushMessage, PushOutcome, PushOptions } from './sender';
export { webPushSender } from './web-push-sender';
export { pushSenderFor } from './select-sender';
export { vapidKeysFor, vapidKeysFromEnv, storedVapidKeys, DEFAULT_VAPID_SUBJECT, type VapidKeys } from './vapid';
export { acceptablePushEndpoint } from './endpoint';
