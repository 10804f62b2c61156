import { describe, expect, it } from 'vitest';
import { call } from '../support/shopper';
import { DAILY, place, PLASTER, readyDraft, setStock, useOrdersApp, writtenFor } from './harness';

const h = useOrdersApp();

describe('account deletion (GDPR Art. 17)', () => {
  it('removes drafts and keeps placed orders for the books without phone, safety answers or tracking ids', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 10 });
    const { customer, draft } = await readyDraft(h.app, { [PLASTER]: 1 });
    expect((await place(h.app, customer.token, draft.id)).status).toBe(200);
    const second = await readyDraft(h.app, { [PLASTER]: 1 }, {}, customer);

    expect((await call(h.app, '/v1/user', { method: 'DELETE', token: customer.token })).status).toBe(200);

    const kept = await writtenFor(h.db, draft.id);
    expect(kept.order).toMatchObject({ status: 'pending', phone: null, safety: null, meta: { sessionId: '', irClickId: null, locale: 'en' } });
    expect(kept.order.totalCents).toBeGreaterThan(0);
    expect(kept.lines).toHaveLength(1);
    await expect(writtenFor(h.db, second.draft.id)).resolves.toMatchObject({ order: undefined });
  });
});
