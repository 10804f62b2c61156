import { createRoute, z } from '@hono/zod-openapi';
import { onAccountErased } from '../../accounts';
import { requireAuth } from '../../../platform/auth';
import type { ApiApp } from '../../../platform/http/app';
import { errorBody } from '../../../platform/http/errors';
import { badRequestHook, errorEntries, json } from '../../../platform/http/openapi';
import { CARD_BRANDS, type PaymentGateway } from '../../../platform/payments';
import type { Db } from '../../../platform/db/client';
import { countFailedErasure, deleteCard, eraseCards, findCard, finishErasure, listCards, pendingErasures, recordPendingErasure, type SavedCardRow } from './cards-repo';

const SavedCardDto = z
  .object({
    id: z.string(),
    brand: z.enum(CARD_BRANDS).openapi({ example: 'visa' }),
    last4: z.string().openapi({ example: '4242' }),
    exp_month: z.number().int().openapi({ example: 12 }),
    exp_year: z.number().int().openapi({ example: 2028 }),
    created_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('SavedCard', { description: 'What the shop keeps of a card: never its number or CVC.' });
const SavedCardListDto = z.object({ items: z.array(SavedCardDto) }).openapi('SavedCardList');
const CardIdParam = z.object({ id: z.string().min(1).max(100).openapi({ param: { name: 'id', in: 'path' } }) });

const secured = { middleware: requireAuth(), security: [{ bearerAuth: [] }], tags: ['cards'] };

const listRoute = createRoute({
  ...secured,
  method: 'get',
  path: '/v1/user/cards',
  summary: "The customer's saved cards, newest first",
  responses: { 200: json(SavedCardListDto, 'Saved cards'), ...errorEntries(401) },
});

const deleteRoute = createRoute({
  ...secured,
  method: 'delete',
  path: '/v1/user/cards/{id}',
  summary: 'Delete a saved card (also at the payment provider)',
  description:
    "The card is removed at the payment provider first (Stripe: detached from the customer), then here. CARD_NOT_FOUND (404) for an unknown card or another customer's card; " +
    'CARD_NOT_DELETED (409) when the provider cannot be reached or refuses: the card stays saved (and listed), try again later.',
  request: { params: CardIdParam },
  responses: { 200: json(SavedCardListDto, 'The remaining cards'), ...errorEntries(400, 401, 404, 409) },
});

const brandOf = (brand: string): (typeof CARD_BRANDS)[number] => ((CARD_BRANDS as readonly string[]).includes(brand) ? (brand as (typeof CARD_BRANDS)[number]) : 'unknown');

function toCardDto(row: SavedCardRow): z.infer<typeof SavedCardDto> {
  return { id: row.id, brand: brandOf(row.brand), last4: row.last4, exp_month: row.expMonth, exp_year: row.expYear, created_at: row.createdAt.toISOString() };
}

export interface CardRoutesOptions {
  /** The provider saved cards and customers are removed from; omitted, they are removed here only (tests of other features). */
  gateway?: () => PaymentGateway;
}

type Removal = { ok: true } | { ok: false; code: string };

export function registerCardRoutes(app: ApiApp, options: CardRoutesOptions = {}) {
  // The customer goes at the provider too (with every method attached to it). The account's deletion
  // does not wait for the provider: one it cannot reach now is recorded, in the same transaction,
  // for retryPaymentErasures (the server's sweep), so the provider's copy is deleted later.
  onAccountErased('cards', async (tx, userId, { now }) => {
    const customers = await eraseCards(tx, userId);
    for (const customerId of customers) {
      const removed = await removeAtProvider(options, (gateway) => gateway.deleteCustomer(customerId), 'payment customer not removed at the provider, retried later');
      if (!removed.ok) await recordPendingErasure(tx, { customerId, now });
    }
  });

  app.openapi(listRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ items: (await listCards(c.var.ctx.db, c.var.auth.userId)).map(toCardDto) }, 200);
  });

  app.openapi(
    deleteRoute,
    async (c) => {
      c.header('Cache-Control', 'no-store');
      const { db } = c.var.ctx;
      const userId = c.var.auth.userId;
      const cardId = c.req.valid('param').id;
      const card = await findCard(db, { userId, cardId });
      if (!card) return c.json(errorBody('CARD_NOT_FOUND', c.var.locale), 404);
      // The provider first: a card the shop forgot but the provider still holds could be charged
      // with the shop's key, and the customer would believe it gone. Failing, the card stays here.
      const removed = await removeAtProvider(options, (gateway) => gateway.deletePaymentMethod(card.token), 'saved card not removed at the payment provider');
      if (!removed.ok) return c.json(errorBody('CARD_NOT_DELETED', c.var.locale), 409);
      if (!(await deleteCard(db, { userId, cardId }))) return c.json(errorBody('CARD_NOT_FOUND', c.var.locale), 404);
      return c.json({ items: (await listCards(db, userId)).map(toCardDto) }, 200);
    },
    badRequestHook,
  );
}

/** A provider call that never throws; a failure is logged (without the provider's ids) for the operator. */
async function removeAtProvider(options: CardRoutesOptions, remove: (gateway: PaymentGateway) => Promise<{ ok: boolean; code?: string }>, msg: string): Promise<Removal> {
  try {
    const gateway = options.gateway?.();
    if (!gateway) return { ok: true };
    const result = await remove(gateway);
    if (result.ok) return { ok: true };
    console.warn(JSON.stringify({ level: 'warn', msg, code: result.code }));
    return { ok: false, code: result.code ?? 'PAYMENT_UNAVAILABLE' };
  } catch (error) {
    console.warn(JSON.stringify({ level: 'warn', msg, error: (error as Error)?.name ?? 'Error' }));
    return { ok: false, code: 'PAYMENT_UNAVAILABLE' };
  }
}

/**
 * Deletes at the provider the customers of deleted accounts it could not delete at the time. Run by
 * the server's sweep (and callable from tests); a customer the provider no longer knows counts as
 * deleted. Answers how many were deleted now and how many are still waiting.
 */
export async function retryPaymentErasures(input: { db: Db; gateway: PaymentGateway; now: Date; limit?: number }): Promise<{ deleted: number; waiting: number }> {
  let deleted = 0;
  let waiting = 0;
  for (const { customerId } of await pendingErasures(input.db, input.limit ?? 50)) {
    const removed = await removeAtProvider({ gateway: () => input.gateway }, (gateway) => gateway.deleteCustomer(customerId), 'payment customer still not removed at the provider');
    if (removed.ok) {
      await finishErasure(input.db, customerId);
      deleted += 1;
    } else {
      await countFailedErasure(input.db, { customerId, now: input.now });
      waiting += 1;
    }
  }
  return { deleted, waiting };
}

/** The server's retry of provider deletions (every 10 minutes); overlapping runs are skipped, the timer does not keep the process alive. */
export function startPaymentErasureRetry(options: { getDb: () => Promise<Db>; gateway: () => PaymentGateway; now: () => Date; intervalMs?: number }): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    options
      .getDb()
      .then((db) => retryPaymentErasures({ db, gateway: options.gateway(), now: options.now() }))
      .catch((error: unknown) => console.error(JSON.stringify({ level: 'error', msg: 'payment erasure retry failed', error: (error as Error)?.name ?? 'Error' })))
      .finally(() => {
        running = false;
      });
  }, options.intervalMs ?? 10 * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
