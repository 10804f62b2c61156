import { addDays, wallClock, zonedInstant, type IsoDate } from '../../../platform/time/wall-clock';

/*
 * Pure figures of the back office's charts (issue 13 "today at a glance", issue 10 analytics
 * report): the server reads the raw facts, these functions shape them, the SVG charts draw them.
 */

/** [start, end) of a Berlin calendar day as instants (23 or 25 hours when the clocks change). */
export function dayBounds(date: IsoDate): { from: Date; to: Date } {
  return { from: zonedInstant(date, 0)!, to: zonedInstant(addDays(date, 1), 0)! };
}

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export interface DayFactsInput {
  placedAt: Date[];
  accepted: { placedAt: Date; acceptedAt: Date; status: string; vat: { rate: number; grossCents: number; vatCents: number }[] }[];
  rejected: { rejectedBy: 'pharmacy' | 'timeout' | null; reason: string | null }[];
  ratings: number[];
}

export interface DaySummary {
  date: IsoDate;
  orders: { total: number; by_hour: number[] };
  acceptance: { accepted: number; median_seconds: number | null };
  /** Reasons as staff typed them (trimmed, most frequent first); offers nobody answered in time as `timeout`. */
  rejections: { reason: string; timeout: boolean; count: number }[];
  /** Gross and VAT per rate of the orders accepted that day, refunded ones left out. */
  revenue_by_vat: { rate: number; gross_cents: number; vat_cents: number }[];
  ratings: { count: number; average: number | null; by_stars: number[] };
}

const MAX_REASONS = 6;

export function summarizeDay(date: IsoDate, facts: DayFactsInput): DaySummary {
  const byHour = Array.from({ length: 24 }, () => 0);
  for (const at of facts.placedAt) byHour[Math.floor(wallClock(at).minutes / 60)]!++;

  const reasons = new Map<string, { reason: string; timeout: boolean; count: number }>();
  for (const rejection of facts.rejected) {
    const timeout = rejection.rejectedBy === 'timeout';
    const reason = timeout ? 'timeout' : (rejection.reason ?? '').trim().replace(/\s+/g, ' ') || '—';
    const key = `${timeout}:${reason.toLowerCase()}`;
    const entry = reasons.get(key) ?? { reason, timeout, count: 0 };
    entry.count++;
    reasons.set(key, entry);
  }
  const sortedReasons = [...reasons.values()].sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
  const rejections = sortedReasons.length > MAX_REASONS ? [...sortedReasons.slice(0, MAX_REASONS - 1), { reason: '…', timeout: false, count: sortedReasons.slice(MAX_REASONS - 1).reduce((sum, entry) => sum + entry.count, 0) }] : sortedReasons;

  const revenue = new Map<number, { rate: number; gross_cents: number; vat_cents: number }>();
  for (const order of facts.accepted) {
    if (order.status === 'refunded') continue;
    for (const row of order.vat) {
      const entry = revenue.get(row.rate) ?? { rate: row.rate, gross_cents: 0, vat_cents: 0 };
      entry.gross_cents += row.grossCents;
      entry.vat_cents += row.vatCents;
      revenue.set(row.rate, entry);
    }
  }

  const byStars = [0, 0, 0, 0, 0];
  for (const stars of facts.ratings) if (stars >= 1 && stars <= 5) byStars[stars - 1]!++;
  const rated = byStars.reduce((sum, count) => sum + count, 0);
  const starSum = byStars.reduce((sum, count, index) => sum + count * (index + 1), 0);

  const waits = facts.accepted.map((order) => Math.max(0, Math.round((order.acceptedAt.getTime() - order.placedAt.getTime()) / 1000)));
  return {
    date,
    orders: { total: facts.placedAt.length, by_hour: byHour },
    acceptance: { accepted: facts.accepted.length, median_seconds: median(waits) },
    rejections,
    revenue_by_vat: [...revenue.values()].sort((a, b) => b.rate - a.rate),
    ratings: { count: rated, average: rated ? Math.round((starSum / rated) * 10) / 10 : null, by_stars: byStars },
  };
}

export const FUNNEL_STEPS = ['visits', 'product_views', 'add_to_cart', 'checkout', 'purchase'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];
const STEP_OF_TYPE: Record<string, FunnelStep> = { page_view: 'visits', product_view: 'product_views', add_to_cart: 'add_to_cart', checkout_step: 'checkout', purchase: 'purchase' };

export interface FunnelDay {
  date: IsoDate;
  steps: Record<FunnelStep, number>;
}

/** One entry per day of [first, last] (days without events count zero), sessions per funnel step. */
export function funnelByDay(first: IsoDate, last: IsoDate, rows: readonly { day: string; type: string; sessions: number }[]): FunnelDay[] {
  const days: FunnelDay[] = [];
  const index = new Map<string, FunnelDay>();
  for (let date = first; date <= last; date = addDays(date, 1)) {
    const entry: FunnelDay = { date, steps: { visits: 0, product_views: 0, add_to_cart: 0, checkout: 0, purchase: 0 } };
    days.push(entry);
    index.set(date, entry);
  }
  for (const row of rows) {
    const step = STEP_OF_TYPE[row.type];
    const day = index.get(row.day);
    if (step && day) day.steps[step] += row.sessions;
  }
  return days;
}

/** The funnel over the whole period: each day's sessions per step added up. */
export function funnelTotals(days: readonly FunnelDay[]): Record<FunnelStep, number> {
  const totals: Record<FunnelStep, number> = { visits: 0, product_views: 0, add_to_cart: 0, checkout: 0, purchase: 0 };
  for (const day of days) for (const step of FUNNEL_STEPS) totals[step] += day.steps[step];
  return totals;
}
