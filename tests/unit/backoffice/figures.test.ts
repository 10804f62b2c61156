import { describe, expect, it } from 'vitest';
import { dayBounds, funnelByDay, funnelTotals, median, summarizeDay } from '../../../src/features/backoffice';

describe('back-office figures', () => {
  it('median of none, odd and even counts', () => {
    expect(median([])).toBeNull();
    expect(median([300, 60, 120])).toBe(120);
    expect(median([60, 240, 120, 180])).toBe(150);
  });

  it('a Berlin day is 23 or 25 hours when the clocks change', () => {
    expect(dayBounds('2026-06-16')).toEqual({ from: new Date('2026-06-15T22:00:00Z'), to: new Date('2026-06-16T22:00:00Z') });
    const spring = dayBounds('2026-03-29');
    expect(spring.to.getTime() - spring.from.getTime()).toBe(23 * 3_600_000);
    const autumn = dayBounds('2026-10-25');
    expect(autumn.to.getTime() - autumn.from.getTime()).toBe(25 * 3_600_000);
  });

  it('summarizes a day: hours in Berlin, acceptance median, reasons grouped, revenue per rate without refunded orders, stars', () => {
    const summary = summarizeDay('2026-06-16', {
      placedAt: [new Date('2026-06-15T22:30:00Z'), new Date('2026-06-16T08:10:00Z'), new Date('2026-06-16T08:50:00Z')],
      accepted: [
        { placedAt: new Date('2026-06-16T08:10:00Z'), acceptedAt: new Date('2026-06-16T08:12:00Z'), status: 'paid', vat: [{ rate: 19, grossCents: 1000, vatCents: 160 }, { rate: 7, grossCents: 500, vatCents: 33 }] },
        { placedAt: new Date('2026-06-16T08:50:00Z'), acceptedAt: new Date('2026-06-16T08:54:00Z'), status: 'delivered', vat: [{ rate: 19, grossCents: 200, vatCents: 32 }] },
        { placedAt: new Date('2026-06-16T08:50:00Z'), acceptedAt: new Date('2026-06-16T09:00:00Z'), status: 'refunded', vat: [{ rate: 19, grossCents: 9999, vatCents: 1596 }] },
      ],
      rejected: [
        { rejectedBy: 'pharmacy', reason: 'Out of stock' },
        { rejectedBy: 'pharmacy', reason: ' out of  stock' },
        { rejectedBy: 'timeout', reason: null },
      ],
      ratings: [5, 4, 5],
    });
    expect(summary.orders.total).toBe(3);
    expect(summary.orders.by_hour[0]).toBe(1);
    expect(summary.orders.by_hour[10]).toBe(2);
    expect(summary.acceptance).toEqual({ accepted: 3, median_seconds: 240 });
    expect(summary.rejections).toEqual([
      { reason: 'Out of stock', timeout: false, count: 2 },
      { reason: 'timeout', timeout: true, count: 1 },
    ]);
    expect(summary.revenue_by_vat).toEqual([
      { rate: 19, gross_cents: 1200, vat_cents: 192 },
      { rate: 7, gross_cents: 500, vat_cents: 33 },
    ]);
    expect(summary.ratings).toEqual({ count: 3, average: 4.7, by_stars: [0, 0, 0, 1, 2] });
  });

  it('keeps the five most frequent reasons and folds the rest', () => {
    const rejected = ['a', 'a', 'b', 'c', 'd', 'e', 'f', 'g'].map((reason) => ({ rejectedBy: 'pharmacy' as const, reason }));
    const summary = summarizeDay('2026-06-16', { placedAt: [], accepted: [], rejected, ratings: [] });
    expect(summary.rejections).toHaveLength(6);
    expect(summary.rejections[0]).toEqual({ reason: 'a', timeout: false, count: 2 });
    expect(summary.rejections[5]).toEqual({ reason: '…', timeout: false, count: 2 });
    expect(summary.acceptance.median_seconds).toBeNull();
  });

  it('funnel: every day of the period, days without events at zero, totals added up', () => {
    const days = funnelByDay('2026-06-14', '2026-06-16', [
      { day: '2026-06-14', type: 'page_view', sessions: 3 },
      { day: '2026-06-16', type: 'purchase', sessions: 1 },
      { day: '2026-06-16', type: 'checkout_step', sessions: 2 },
      { day: '2026-06-17', type: 'page_view', sessions: 9 },
      { day: '2026-06-16', type: 'search', sessions: 9 },
    ]);
    expect(days.map((day) => day.date)).toEqual(['2026-06-14', '2026-06-15', '2026-06-16']);
    expect(days[1]!.steps).toEqual({ visits: 0, product_views: 0, add_to_cart: 0, checkout: 0, purchase: 0 });
    expect(funnelTotals(days)).toEqual({ visits: 3, product_views: 0, add_to_cart: 0, checkout: 2, purchase: 1 });
  });
});
