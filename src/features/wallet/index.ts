// Public surface of the wallet feature: the API registration and the ledger functions the orders
// feature calls inside its own transaction.
export { registerWalletRoutes, walletUsageDescription } from './server/routes';
export {
  walletBalance,
  debitWallet,
  creditWallet,
  refundWalletDebit,
  walletKindTotals,
  referralRewardOrders,
  type DebitResult,
  type CreditKind,
} from './server/wallet-ledger';
export { WALLET_KINDS, type WalletKind } from './server/schema';
