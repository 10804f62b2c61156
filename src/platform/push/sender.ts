/** Where one browser on one device receives pushes: the endpoint of its push service and its keys. */
export interface PushTarget {
  /** The push service's URL for this subscription (a capability: whoever knows it can push to it). */
  endpoint: string;
  /** The browser's P-256 public key (base64url), the message is encrypted to it. */
  p256dh: string;
  /** The browser's auth secret (base64url). */
  auth: string;
}

/**
 * What the shop's service worker shows. Kept small and free of health data: a notification can
 * show on a locked screen, so no product names, only the order number and its status.
 */
export interface PushMessage {
  title: string;
  body: string;
  /** Same-origin path the notification opens on click. */
  url: string;
  /** Replaces an earlier notification of the same tag (one per order). */
  tag: string;
}

export interface PushOptions {
  /** The outbox's key for this one message: sent as the Topic header, so a repeat replaces the first while it waits (RFC 8030). */
  idempotencyKey?: string;
}

/** `delivered`: the push service took it. `gone`: the subscription no longer exists (404/410) and must be forgotten. */
export type PushOutcome = 'delivered' | 'gone';

/** The seam every feature sends web pushes through (Web Push with VAPID; see select-sender.ts). */
export interface PushSender {
  /** Rejects with DeliveryError (from platform/mail) when the push service refuses for another reason or cannot be reached. */
  send(target: PushTarget, message: PushMessage, options?: PushOptions): Promise<PushOutcome>;
}
