/**
 * Unlocalized paths the shell links to (spec §2); pass them through localizePath for German.
 * Some targets are built by other features (search, register, chat content); the shell only links.
 */
export const ROUTES = {
  home: '/shop/',
  search: '/shop/search/',
  chat: '/shop/chat/',
  help: '/shop/help/',
  login: '/shop/login/',
  register: '/shop/register/',
  logout: '/logout/',
  /** "My Account": the overview of orders, addresses, cards, coupons, credit, favorites, settings. */
  account: '/shop/account/',
  referFriend: '/shop/refer-friend/',
  /** The wallet: balance and statement. */
  credit: '/shop/credit/',
  coupons: '/shop/coupons/',
  favorites: '/shop/favorites/',
  cart: '/shop/cart/',
  addresses: '/shop/addresses/',
  pharmacies: '/shop/pharmacies/',
  orders: '/shop/orders/',
  checkout: '/shop/checkout/',
  /** One order (confirmation and tracking): `?id=<order id>`. */
  orderView: '/shop/orders/view/',
  /** Pharmacy staff (role pharmacist): incoming orders to accept or reject. */
  staff: '/staff/',
  /** Couriers (role courier): the deliveries handed to them. */
  courier: '/courier/',
  /** The pharmacy back office (pharmacists, managers, operators): the live order queue and its other screens. */
  backOffice: '/pharmacy/',
  backOfficeStock: '/pharmacy/stock/',
  backOfficeSettings: '/pharmacy/settings/',
  backOfficeStaff: '/pharmacy/staff/',
  /** The pharmacy's chat inbox. */
  backOfficeChat: '/pharmacy/chat/',
  backOfficeDashboard: '/pharmacy/dashboard/',
  backOfficeAnalytics: '/pharmacy/analytics/',
  backOfficeTools: '/pharmacy/tools/',
  backOfficeConfig: '/pharmacy/config/',
  /** An invited staff member sets a password here (`#token=`). */
  staffInvite: '/pharmacy/invite/',
  settings: '/shop/settings/',
  /** General feedback to the shop team (spec §7 POST /user/feedback). */
  feedback: '/shop/feedback/',
  legal: '/legal/',
  privacy: '/legal/privacy/',
  imprint: '/legal/imprint/',
  terms: '/legal/terms/',
  accessibility: '/legal/accessibility/',
} as const;

export type RouteName = keyof typeof ROUTES;

/**
 * Redeem an E-Rezept (scan, upload or type its code), the customer's prescriptions and co-payment
 * exemption. Not in ROUTES: the layout's scripts carry that object onto every page, catalogue pages
 * included, and only prebuilt links lead here.
 */
export const PRESCRIPTIONS_REDEEM_ROUTE = '/shop/prescriptions/redeem/';

/** Where "My Account" leads: the overview is protected, so a visitor lands on login and comes back. */
export const ACCOUNT_HOME = ROUTES.account;

/**
 * The staff's apps (back office, staff board, courier app): the shop's customer features that run
 * on every page as it opens (the cart's refresh, the rating prompt) have nothing to do there.
 */
export function isStaffArea(pathname: string): boolean {
  return /^\/(de\/)?(pharmacy|staff|courier)(\/|$)/.test(pathname);
}
