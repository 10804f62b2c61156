import { createRoute, z } from '@hono/zod-openapi';
import { onAccountErased } from '../../accounts';
import { requireAuth } from '../../../platform/auth';
import { siteConfig } from '../../../platform/config/site';
import type { ApiApp } from '../../../platform/http/app';
import { errorEntries, json } from '../../../platform/http/openapi';
import { translator, type Locale } from '../../../platform/i18n';
import { walletMessages } from '../i18n/messages';
import { WALLET_KINDS, type WalletKind } from './schema';
import { closeWallet, walletBalance, walletTransactionsOf, type WalletTransactionRow } from './wallet-ledger';

const Localized = z.object({ en: z.string(), de: z.string() });

const WalletTransactionDto = z
  .object({
    id: z.string(),
    amount_cents: z.number().int().openapi({ example: 1000, description: 'Signed: credit positive, spending negative.' }),
    kind: z.enum(WALLET_KINDS),
    label: Localized,
    order_id: z.string().nullable(),
    balance_after_cents: z.number().int(),
    created_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('WalletTransaction');

const WalletDto = z
  .object({
    balance_cents: z.number().int().openapi({ example: 1000 }),
    transactions: z.array(WalletTransactionDto).openapi({ description: 'Newest first (the latest 100).' }),
    usage_description: Localized.openapi({ description: 'wallet_usage_description (spec §6): how credit is used and whom to ask.' }),
  })
  .openapi('Wallet');

const KIND_LABEL: Record<WalletKind, 'kindReferralReward' | 'kindOrderDebit' | 'kindOrderRefund' | 'kindAdjustment'> = {
  referral_reward: 'kindReferralReward',
  order_debit: 'kindOrderDebit',
  order_refund: 'kindOrderRefund',
  adjustment: 'kindAdjustment',
};

const both = (render: (locale: Locale) => string) => ({ en: render('en'), de: render('de') });

/** The spec's wallet_usage_description, with the shop's support contact. */
export function walletUsageDescription(): { en: string; de: string } {
  const { support } = siteConfig();
  return both((locale) =>
    translator(walletMessages, locale)('usageDescription', { phone: support.phone, email: support.email, hours: support.hours[locale] }),
  );
}

function toTransactionDto(row: WalletTransactionRow): z.infer<typeof WalletTransactionDto> {
  return {
    id: row.id,
    amount_cents: row.amountCents,
    kind: row.kind,
    label: both((locale) => translator(walletMessages, locale)(KIND_LABEL[row.kind])),
    order_id: row.orderId,
    balance_after_cents: row.balanceAfterCents,
    created_at: row.createdAt.toISOString(),
  };
}

const walletRoute = createRoute({
  middleware: requireAuth(),
  security: [{ bearerAuth: [] }],
  tags: ['wallet'],
  method: 'get',
  path: '/v1/user/wallet',
  summary: "The customer's credit: balance, statement and how to use it",
  responses: { 200: json(WalletDto, 'The wallet'), ...errorEntries(401) },
});

export function registerWalletRoutes(app: ApiApp) {
  onAccountErased('wallet', closeWallet);

  app.openapi(walletRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const { db } = c.var.ctx;
    const userId = c.var.auth.userId;
    const [balance, rows] = await Promise.all([walletBalance(db, userId), walletTransactionsOf(db, userId)]);
    return c.json({ balance_cents: balance, transactions: rows.map(toTransactionDto), usage_description: walletUsageDescription() }, 200);
  });
}
