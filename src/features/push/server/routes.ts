import { createRoute, z } from '@hono/zod-openapi';
import { onAccountErased } from '../../accounts';
import { requireAuth } from '../../../platform/auth';
import { serverConfig } from '../../../platform/config/env';
import type { Db } from '../../../platform/db/client';
import type { ApiApp } from '../../../platform/http/app';
import { errorBody } from '../../../platform/http/errors';
import { errorEntries, json } from '../../../platform/http/openapi';
import { acceptablePushEndpoint, vapidKeysFor, type VapidKeys } from '../../../platform/push';
import { PUSH_API } from '../model/api';
import { deleteSubscription, eraseSubscriptions, saveSubscription } from './subscriptions';

const secured = { middleware: requireAuth(), security: [{ bearerAuth: [] }], tags: ['push'] };

const Base64Url = z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/);
const SubscriptionBody = z
  .object({
    endpoint: z.string().min(1).max(2048).openapi({ example: 'https://fcm.googleapis.com/fcm/send/…' }),
    keys: z.object({
      p256dh: Base64Url.min(80).max(100).openapi({ description: "The browser's P-256 public key, base64url (PushSubscription.toJSON().keys)" }),
      auth: Base64Url.min(16).max(32).openapi({ description: "The browser's auth secret, base64url" }),
    }),
  })
  .openapi('PushSubscriptionAdd', { description: "What the browser's PushSubscription.toJSON() gives (expirationTime is ignored)." });
const SubscriptionSaved = z.object({ id: z.string() }).openapi('PushSubscriptionSaved');
const PublicKey = z.object({ public_key: z.string().openapi({ description: "The shop's VAPID public key, base64url: the browser's applicationServerKey" }) }).openapi('PushPublicKey');
const Removed = z.object({ ok: z.literal(true) }).openapi('PushSubscriptionRemoved');
const IdParam = z.object({ id: z.string().min(1).max(100).openapi({ param: { name: 'id', in: 'path' } }) });

const keyRoute = createRoute({
  ...secured,
  method: 'get',
  path: PUSH_API.key,
  summary: "The shop's VAPID public key, to subscribe a browser to order notifications",
  description: 'PUSH_NOT_AVAILABLE (503) when web push is not configured (production without VAPID_* keys).',
  responses: { 200: json(PublicKey, 'The key'), ...errorEntries(401, 503) },
});

const subscribeRoute = createRoute({
  ...secured,
  method: 'post',
  path: PUSH_API.subscriptions,
  summary: "Save this device's push subscription: order status changes are pushed to it",
  description:
    'The subscription belongs to the calling login: logging out (or the login ending otherwise) and deleting the account remove it. ' +
    'The same endpoint again keeps its id. At most 10 devices per account (a new one replaces the oldest). ' +
    'PUSH_SUBSCRIPTION_INVALID (400) for an endpoint that is not an https URL of a public host; PUSH_NOT_AVAILABLE (503) when web push is off.',
  request: { body: { content: { 'application/json': { schema: SubscriptionBody } }, required: true } },
  responses: { 201: json(SubscriptionSaved, 'Saved'), ...errorEntries(400, 401, 503) },
});

const unsubscribeRoute = createRoute({
  ...secured,
  method: 'delete',
  path: `${PUSH_API.subscriptions}/{id}`,
  summary: "Delete one of the customer's push subscriptions (this device stops getting notifications)",
  description: "PUSH_SUBSCRIPTION_NOT_FOUND (404) for an unknown id or another customer's subscription.",
  request: { params: IdParam },
  responses: { 200: json(Removed, 'Deleted'), ...errorEntries(400, 401, 404) },
});

export interface PushRoutesOptions {
  /** Where the VAPID keys and the demo mode are read from (default process.env). */
  env?: NodeJS.ProcessEnv;
}

export function registerPushRoutes(app: ApiApp, options: PushRoutesOptions = {}) {
  const env = options.env ?? process.env;
  const keysFor = (db: Db): Promise<VapidKeys | null> => vapidKeysFor(db, env);
  onAccountErased('push', (tx, userId) => eraseSubscriptions(tx, userId));

  app.openapi(keyRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const keys = await keysFor(c.var.ctx.db);
    if (!keys) return c.json(errorBody('PUSH_NOT_AVAILABLE', c.var.locale), 503);
    return c.json({ public_key: keys.publicKey }, 200);
  });

  app.openapi(subscribeRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const { db, clock } = c.var.ctx;
    const body = c.req.valid('json');
    if (!(await keysFor(db))) return c.json(errorBody('PUSH_NOT_AVAILABLE', c.var.locale), 503);
    if (!acceptablePushEndpoint(body.endpoint, { demoMode: serverConfig(env).demoMode })) return c.json(errorBody('PUSH_SUBSCRIPTION_INVALID', c.var.locale), 400);
    const id = await saveSubscription(db, {
      userId: c.var.auth.userId,
      sessionId: c.var.auth.sessionId,
      target: { endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth },
      now: clock.now(),
    });
    return c.json({ id }, 201);
  });

  app.openapi(unsubscribeRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    if (!(await deleteSubscription(c.var.ctx.db, c.var.auth.userId, c.req.valid('param').id))) return c.json(errorBody('PUSH_SUBSCRIPTION_NOT_FOUND', c.var.locale), 404);
    return c.json({ ok: true as const }, 200);
  });
}
