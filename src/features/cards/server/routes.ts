import { createRoute, z } from '@hono/zod-openapi';
import { onAccountErased } from '../../accounts';
import { requireAuth } from '../../../platform/auth';
import type { ApiApp } from '../../../platform/http/app';
import { errorBody } from '../../../platform/http/errors';
import { badRequestHook, errorEntries, json } from '../../../platform/http/openapi';
import { CARD_BRANDS, type PaymentGateway } from '../../../platform/payments';
import { deleteCard, eraseCards, listCards, type SavedCardRow } from './cards-repo';

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
  description: "CARD_NOT_FOUND (404) for an unknown card or another customer's card.",
  request: { params: CardIdParam },
  responses: { 200: json(SavedCardListDto, 'The remaining cards'), ...errorEntries(400, 401, 404) },
});

const brandOf = (brand: string): (typeof CARD_BRANDS)[number] => ((CARD_BRANDS as readonly string[]).includes(brand) ? (brand as (typeof CARD_BRANDS)[number]) : 'unknown');

function toCardDto(row: SavedCardRow): z.infer<typeof SavedCardDto> {
  return { id: row.id, brand: brandOf(row.brand), last4: row.last4, exp_month: row.expMonth, exp_year: row.expYear, created_at: row.createdAt.toISOString() };
}

export interface CardRoutesOptions {
  /** The provider to remove deleted cards from; omitted or failing, the card is removed here all the same. */
  gateway?: () => PaymentGateway;
}

export function registerCardRoutes(app: ApiApp, options: CardRoutesOptions = {}) {
  // The customer goes at the provider too (with every method attached to it). Best effort inside the
  // deletion: the shop's references are gone either way, and a failure is logged for the operator.
  onAccountErased('cards', async (tx, userId) => {
    const customers = await eraseCards(tx, userId);
    for (const customerId of customers) await removeAtProvider(options, (gateway) => gateway.deleteCustomer(customerId), 'payment customer not removed at the provider');
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
      const deleted = await deleteCard(db, { userId, cardId: c.req.valid('param').id });
      if (!deleted) return c.json(errorBody('CARD_NOT_FOUND', c.var.locale), 404);
      await removeAtProvider(options, (gateway) => gateway.deletePaymentMethod(deleted.token), 'saved card not removed at the payment provider');
      return c.json({ items: (await listCards(db, userId)).map(toCardDto) }, 200);
    },
    badRequestHook,
  );
}

/**
 * Best effort: the card is gone from the shop either way, and the provider's token is useless
 * without the shop's credentials; a failure is logged (without the token) for the operator.
 */
async function removeAtProvider(options: CardRoutesOptions, remove: (gateway: PaymentGateway) => Promise<{ ok: boolean; code?: string }>, msg: string): Promise<void> {
  try {
    const gateway = options.gateway?.();
    if (!gateway) return;
    const result = await remove(gateway);
    if (!result.ok) console.warn(JSON.stringify({ level: 'warn', msg, code: result.code }));
  } catch (error) {
    console.warn(JSON.stringify({ level: 'warn', msg, error: (error as Error)?.name ?? 'Error' }));
  }
}
