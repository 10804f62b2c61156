import { describe, expect, it } from 'vitest';
import { groupStaffOrders } from '../../../src/features/orders/browser/staff';

const order = (id: string, status: Parameters<typeof groupStaffOrders>[0][number]['status'], placed: string) => ({ id, status, placed_at: placed, created_at: placed });

describe("the staff page's order groups", () => {
  it('puts offers waiting for a decision first, oldest first, then accepted orders, then finished ones newest first', () => {
    const groups = groupStaffOrders([
      order('done-old', 'delivered', '2026-11-20T08:00:00Z'),
      order('pending-new', 'pending', '2026-11-20T10:05:00Z'),
      order('paid', 'paid', '2026-11-20T09:00:00Z'),
      order('pending-old', 'pending', '2026-11-20T10:00:00Z'),
      order('rejected-new', 'rejected', '2026-11-20T09:30:00Z'),
      order('transit', 'in_transit', '2026-11-20T08:30:00Z'),
    ]);
    expect(groups.pending.map((o) => o.id)).toEqual(['pending-old', 'pending-new']);
    expect(groups.active.map((o) => o.id)).toEqual(['transit', 'paid']);
    expect(groups.done.map((o) => o.id)).toEqual(['rejected-new', 'done-old']);
  });
});
