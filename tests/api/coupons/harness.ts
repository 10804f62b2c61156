import { randomUUID } from 'node:crypto';
import type { Coupon } from '../../../src/features/coupons';
import { couponColumns } from '../../../src/features/coupons/server/coupon-rows';
import { coupons } from '../../../src/features/coupons/server/schema';
import { withTransaction, type Db } from '../../../src/platform/db';
import type { testApi } from '../support/api';
import { call, newShopper } from '../support/shopper';

type App = ReturnType<typeof testApi>;

export interface Shopper {
  token: string;
  id: string;
}

/** A registered customer with their id (the service functions take ids, the routes tokens). */
export async function shopper(app: App): Promise<Shopper> {
  const token = await newShopper(app, { withAddress: false });
  const profile = await call<{ id: string }>(app, '/v1/user', { token });
  return { token, id: profile.body.id };
}

/** Stores a coupon as the operator would; returns its id. */
export async function insertCoupon(
  db: Db,
  coupon: Partial<Coupon> & Pick<Coupon, 'code'>,
  extra: { listed?: boolean; title?: { en: string; de: string } | null; timesRedeemed?: number } = {},
): Promise<string> {
  const id = randomUUID();
  const full: Coupon = { type: 'PROMOTION', discount: { kind: 'amount', amountCents: 500 }, ...coupon };
  await db.insert(coupons).values({ id, ...couponColumns(full), listed: extra.listed ?? true, title: extra.title ?? null, timesRedeemed: extra.timesRedeemed ?? 0 });
  return id;
}

/** Runs service calls the way the orders feature will: inside one transaction. */
export function inTx<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return withTransaction(db, work);
}

let orders = 0;
export const orderId = () => `order-${Date.now().toString(36)}-${++orders}`;
