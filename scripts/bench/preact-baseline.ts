/**
 * Each page's JavaScript before interaction (KB gzip) on the last build whose islands ran on Preact
 * (3c4a2e7, measured 7 December 2026 with measure-js-only.ts on this machine), printed beside
 * today's figures so the move to React shows page by page (issue 30).
 */
export const PREACT_KB: Readonly<Record<string, number>> = {
  'home': 17.6,
  'category': 17.8,
  'product': 17.2,
  'cart': 54.6,
  'checkout': 80.2,
  'account': 49.9,
  'orders': 56.4,
  'order page': 72.2,
  'addresses': 56.4,
  'settings': 75.0,
  'coupons': 51.0,
  'chat': 51.2,
  'favorites': 51.6,
  'credit': 49.8,
  'refer a friend': 53.2,
  'pharmacies': 76.2,
  'search': 52.1,
  'login': 65.3,
  'register': 64.3,
  'phone login': 64.3,
  'back office': 62.3,
  'back office chat': 50.1,
  'back office stock': 53.5,
  'back office settings': 53.8,
  'back office staff': 53.5,
  'back office dashboard': 54.3,
  'staff board': 62.1,
  'courier': 43.7,
};
