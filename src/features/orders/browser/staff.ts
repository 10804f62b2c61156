import type { OrderStatus } from '../model/public';

/** What staff can do to an order (the server lists the ones allowed now in `actions`). */
export { type PharmacistEvent as StaffAction } from '../model/public';

interface Sortable {
  status: OrderStatus;
  placed_at: string | null;
  created_at: string;
}

export interface StaffGroups<T> {
  /** Offers waiting for the pharmacy's answer, oldest first (a queue). */
  pending: T[];
  /** Accepted and on their way, oldest first. */
  active: T[];
  /** Nothing more to do, newest first. */
  done: T[];
}

const ACTIVE: ReadonlySet<OrderStatus> = new Set(['paid', 'packed', 'in_transit']);
const placedTime = (order: Sortable) => Date.parse(order.placed_at ?? order.created_at);

/** Pending first: what needs a decision comes before what is under way and what is over. */
export function groupStaffOrders<T extends Sortable>(orders: readonly T[]): StaffGroups<T> {
  const oldestFirst = [...orders].sort((a, b) => placedTime(a) - placedTime(b));
  return {
    pending: oldestFirst.filter((order) => order.status === 'pending'),
    active: oldestFirst.filter((order) => ACTIVE.has(order.status)),
    done: oldestFirst.filter((order) => order.status !== 'pending' && !ACTIVE.has(order.status)).reverse(),
  };
}
