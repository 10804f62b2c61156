import { formatPrice, localizePath, translator } from '../../../platform/i18n';
import { realtimeBus, topicOf } from '../../../platform/realtime';
import { unwatchedMessages } from '../i18n/unwatched-messages';
import { pharmaciesById, type PharmacyRow } from './collaborators';
import type { OrdersContext } from './deps';
import { formatShopTime } from '../../../platform/i18n/shop-time-format';
import type { OrderRow } from './repo';

/*
 * "Nobody watching?" (issue 13): a new offer arrives while no staff member of the pharmacy has the
 * back office open (no live subscription to `pharmacy:<id>` in this process), so the pharmacy is
 * told by e-mail and SMS through the seams before the offer lapses unseen. The messages carry the
 * order number, amount and deadline only: no customer, no items (health data stays in the shop).
 *
 * With several server processes (PostgreSQL) a subscription held by another process is not seen
 * here, so the pharmacy may be told although someone is watching: a harmless extra message.
 */
export async function alertIfUnwatched(ctx: OrdersContext, order: OrderRow, known?: PharmacyRow): Promise<void> {
  if (!order.pharmacyId) return;
  try {
    if (realtimeBus().subscriptions(topicOf('pharmacy', order.pharmacyId)) > 0) return;
    // The placement read the pharmacy in its transaction already.
    const pharmacy = known?.id === order.pharmacyId ? known : (await pharmaciesById(ctx.db, [order.pharmacyId])).get(order.pharmacyId);
    if (!pharmacy) return;
    // Pharmacies are German businesses: German first, the English line after it.
    const values = (locale: 'en' | 'de') => ({
      number: order.orderNumber,
      amount: formatPrice(order.totalCents, locale),
      deadline: order.expiresAt ? formatShopTime(order.expiresAt, locale) : '–',
      link: `${ctx.deps.settings.siteUrl}${localizePath('/pharmacy/', locale)}`,
    });
    const de = translator(unwatchedMessages, 'de');
    const en = translator(unwatchedMessages, 'en');
    // Written to the outbox in the placement's transaction (decision 0012).
    const sent = await Promise.allSettled([
      pharmacy.email
        ? ctx.deps.mailer(ctx.db, ctx.clock).send({
            to: pharmacy.email,
            subject: de('subject', values('de')),
            text: `${de('text', values('de'))}\n\n---\n\n${en('text', values('en'))}`,
            kind: 'order.unwatched',
            idempotencyKey: `order:${order.id}:unwatched:mail`,
          })
        : undefined,
      pharmacy.phone ? ctx.deps.sms(ctx.db, ctx.clock).send({ to: pharmacy.phone, text: de('sms', values('de')), kind: 'order.unwatched', idempotencyKey: `order:${order.id}:unwatched:sms` }) : undefined,
    ]);
    for (const outcome of sent) if (outcome.status === 'rejected') throw outcome.reason;
  } catch (error) {
    console.error(JSON.stringify({ level: 'warn', msg: 'unwatched-offer alert not sent', orderId: order.id, error: error instanceof Error ? error.name : 'error' }));
  }
}
