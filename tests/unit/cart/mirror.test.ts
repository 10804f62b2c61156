import { describe, expect, it } from 'vitest';
import { emptyMirror, mirrorFromCart, movedAwayNotices, ownerFromToken, parseMirror, type CartMirror } from '../../../src/features/cart/model/mirror';
import { line, snapshot, tokenFor } from './cart-fixtures';

const SOLD_OUT = 'Product sold out or stock insufficient (items removed from the cart).';

describe('ownerFromToken', () => {
  it("keys the mirror by the token's subject, the same across logins of one customer", () => {
    expect(ownerFromToken(tokenFor('user-1'))).toBe('u:user-1');
    expect(ownerFromToken(tokenFor('user-1').replace('signature', 'other'))).toBe('u:user-1');
    expect(ownerFromToken(tokenFor('user-2'))).toBe('u:user-2');
  });

  it('gives an unreadable token a key of its own and nobody logged in none', () => {
    const a = ownerFromToken('opaque-token-a');
    expect(a).toMatch(/^t:/);
    expect(ownerFromToken('opaque-token-b')).not.toBe(a);
    expect(ownerFromToken('x.@@@.y')).toMatch(/^t:/);
    expect(ownerFromToken(null)).toBeNull();
    expect(ownerFromToken('')).toBeNull();
  });
});

describe('parseMirror', () => {
  const mine = mirrorFromCart(snapshot([line('10019621', 2), line('04877800', 1)]), 'u:me', null, 1000);
  const stored = JSON.stringify(mine);

  it("reads the owner's own mirror, with the count derived from the lines", () => {
    expect(parseMirror(stored, 'u:me')).toEqual({ ...mine, itemCount: 3 });
    expect(parseMirror(JSON.stringify({ ...mine, itemCount: 99 }), 'u:me')?.itemCount).toBe(3);
  });

  it("never shows another customer's cart, nor any cart when nobody is logged in", () => {
    expect(parseMirror(stored, 'u:someone-else')).toBeNull();
    expect(parseMirror(stored, null)).toBeNull();
  });

  it('treats corrupt or foreign-shaped storage as no mirror', () => {
    for (const raw of ['{', 'null', '42', '"text"', '[]', JSON.stringify({ owner: 'u:me' })]) expect(parseMirror(raw, 'u:me')).toBeNull();
    const badLine = { ...mine, lines: [{ ...mine.lines[0], quantity: -1 }] };
    expect(parseMirror(JSON.stringify(badLine), 'u:me')).toBeNull();
    const badPzn = { ...mine, lines: [{ ...mine.lines[0], pzn: '123' }] };
    expect(parseMirror(JSON.stringify(badPzn), 'u:me')).toBeNull();
    const badNotice = { ...mine, notices: [{ code: 'HACKED', message: 'x', pzn: '10019621', name: null, availableQuantity: 0 }] };
    expect(parseMirror(JSON.stringify(badNotice), 'u:me')).toBeNull();
    expect(parseMirror(null, 'u:me')).toBeNull();
  });
});

describe('mirrorFromCart', () => {
  it("replaces the lines with the server's and keeps the pharmacy", () => {
    const before = mirrorFromCart(snapshot([line('10019621', 2)]), 'u:me', null, 1);
    const after = mirrorFromCart(snapshot([line('04877800', 4)], { pharmacyId: 'koeln-dom' }), 'u:me', before, 2);
    expect(after.lines.map((l) => [l.pzn, l.quantity])).toEqual([['04877800', 4]]);
    expect(after).toMatchObject({ owner: 'u:me', pharmacyId: 'koeln-dom', itemCount: 4, syncedAt: 2 });
  });

  it('turns a removed line into a notice named after the line as this device knew it', () => {
    const before = mirrorFromCart(snapshot([line('10019621', 2, 'Ibuprofen 400')]), 'u:me', null, 1);
    const answer = snapshot([], {
      warnings: [{ code: 'SOLD_OUT', message: SOLD_OUT, pzn: '10019621', requestedQuantity: 2, availableQuantity: 0 }],
    });
    const after = mirrorFromCart(answer, 'u:me', before, 2);
    expect(after.lines).toEqual([]);
    expect(after.notices).toEqual([{ code: 'SOLD_OUT', message: SOLD_OUT, pzn: '10019621', name: 'Ibuprofen 400', availableQuantity: 0 }]);
  });

  it('keeps unseen notices across answers, one per product, and leaves advice out', () => {
    let mirror: CartMirror = emptyMirror('u:me', 0);
    mirror = mirrorFromCart(
      snapshot([line('04877800', 3, 'Plaster')], { warnings: [{ code: 'STOCK_INSUFFICIENT', message: 'short', pzn: '04877800', availableQuantity: 3 }] }),
      'u:me',
      mirror,
      1,
    );
    mirror = mirrorFromCart(
      snapshot([line('04877800', 1, 'Plaster')], {
        warnings: [
          { code: 'STOCK_INSUFFICIENT', message: 'short', pzn: '04877800', availableQuantity: 1 },
          { code: 'DUPLICATE_ACTIVE_INGREDIENT', message: 'ask', ingredient: 'Ibuprofen', pzns: ['1', '2'] },
        ],
      }),
      'u:me',
      mirror,
      2,
    );
    expect(mirror.notices).toEqual([{ code: 'STOCK_INSUFFICIENT', message: 'short', pzn: '04877800', name: 'Plaster', availableQuantity: 1 }]);
  });

  it("does not carry one customer's notices or names over to another", () => {
    const theirs = mirrorFromCart(
      snapshot([], { warnings: [{ code: 'SOLD_OUT', message: SOLD_OUT, pzn: '10019621', availableQuantity: 0 }] }),
      'u:them',
      mirrorFromCart(snapshot([line('10019621', 1, 'Secret')]), 'u:them', null, 0),
      1,
    );
    const mine = mirrorFromCart(
      snapshot([], { warnings: [{ code: 'SOLD_OUT', message: SOLD_OUT, pzn: '10019621', availableQuantity: 0 }] }),
      'u:me',
      theirs,
      2,
    );
    expect(mine.notices).toEqual([{ code: 'SOLD_OUT', message: SOLD_OUT, pzn: '10019621', name: null, availableQuantity: 0 }]);
  });
});

describe('movedAwayNotices', () => {
  const message = (code: 'SOLD_OUT' | 'STOCK_INSUFFICIENT') => (code === 'SOLD_OUT' ? SOLD_OUT : 'short');
  const before = mirrorFromCart(
    snapshot([line('10019621', 2, 'Ibuprofen 400'), line('04877800', 5, 'Plaster'), line('04773414', 1, 'Tea')], { pharmacyId: 'berlin-mitte' }),
    'u:me',
    null,
    1,
  );

  it('names the lines a pharmacy move answered elsewhere removed or reduced', () => {
    const answer = snapshot([line('04877800', 3, 'Plaster'), line('04773414', 1, 'Tea')], { pharmacyId: 'koeln-dom' });
    expect(movedAwayNotices(answer, before, message)).toEqual([
      { code: 'SOLD_OUT', message: SOLD_OUT, pzn: '10019621', name: 'Ibuprofen 400', availableQuantity: 0 },
      { code: 'STOCK_INSUFFICIENT', message: 'short', pzn: '04877800', name: 'Plaster', availableQuantity: 3 },
    ]);
    expect(mirrorFromCart(answer, 'u:me', before, 2, message).notices.map((n) => n.pzn)).toEqual(['10019621', '04877800']);
  });

  it('claims nothing without a move, and leaves lines the answer warned about to the warning', () => {
    expect(movedAwayNotices(snapshot([], { pharmacyId: 'berlin-mitte' }), before, message)).toEqual([]);
    expect(movedAwayNotices(snapshot([], { pharmacyId: null }), before, message)).toEqual([]);
    const warned = snapshot([line('04877800', 5), line('04773414', 1)], {
      pharmacyId: 'koeln-dom',
      warnings: [{ code: 'SOLD_OUT', message: 'from the server', pzn: '10019621', availableQuantity: 0 }],
    });
    expect(movedAwayNotices(warned, before, message)).toEqual([]);
    expect(mirrorFromCart(warned, 'u:me', before, 2, message).notices).toEqual([
      { code: 'SOLD_OUT', message: 'from the server', pzn: '10019621', name: 'Ibuprofen 400', availableQuantity: 0 },
    ]);
  });
});
