// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { availabilityLines } from '../../../src/features/pharmacies/browser/availability-lines';
import type { AvailabilityMap } from '../../../src/features/pharmacies/browser/fetch-availability';

const alex = { id: 'berlin-alexanderplatz', name: 'Apotheke am Alexanderplatz' };
const mitte = { id: 'berlin-mitte', name: 'Apotheke Mitte' };

function page(lines: { pzn: string; variant?: 'page' | 'card' }[]) {
  document.body.innerHTML = lines
    .map(({ pzn, variant = 'card' }) => `<p class="availability" data-availability data-pzn="${pzn}" data-variant="${variant}"></p>`)
    .join('');
  return Array.from(document.querySelectorAll<HTMLElement>('[data-availability]'));
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('availability lines', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('fills every line of a listing from one lookup of the distinct products', async () => {
    const lines = page([{ pzn: '04773414' }, { pzn: '10019621' }, { pzn: '04773414' }]);
    const lookup = vi.fn(async (): Promise<AvailabilityMap> => new Map([['04773414', 'in_stock'], ['10019621', 'sold_out']]));
    await availabilityLines(document, { locale: 'en', choosePharmacyHref: '/shop/pharmacies/', fetchAvailability: lookup })(alex);

    expect(lookup).toHaveBeenCalledTimes(1);
    expect(lookup.mock.calls[0]).toEqual([alex.id, ['04773414', '10019621', '04773414']]);
    expect(lines.map((line) => line.textContent)).toEqual([
      'In stock at Apotheke am Alexanderplatz',
      'Sold out at Apotheke am Alexanderplatz',
      'In stock at Apotheke am Alexanderplatz',
    ]);
    expect(lines[1]!.className).toBe('availability availability--sold-out');
  });

  it('leaves lines empty without a pharmacy, and invites to choose one on the product page only', async () => {
    const lines = page([{ pzn: '04773414', variant: 'page' }, { pzn: '10019621' }]);
    const lookup = vi.fn(async (): Promise<AvailabilityMap> => new Map());
    await availabilityLines(document, { locale: 'de', choosePharmacyHref: '/de/shop/pharmacies/', fetchAvailability: lookup })(null);

    expect(lookup).not.toHaveBeenCalled();
    const link = lines[0]!.querySelector('a');
    expect(link?.getAttribute('href')).toBe('/de/shop/pharmacies/');
    expect(link?.textContent).toMatch(/Apotheke wählen/);
    expect(lines[1]!.textContent).toBe('');
  });

  it('leaves a line empty when its status is unknown (failed lookup)', async () => {
    const lines = page([{ pzn: '04773414' }]);
    await availabilityLines(document, { locale: 'en', choosePharmacyHref: '/x', fetchAvailability: async () => new Map() })(alex);
    expect(lines[0]!.textContent).toBe('');
    expect(lines[0]!.className).toBe('availability');
  });

  it('switches pharmacy without mixing answers: the newest selection wins', async () => {
    const lines = page([{ pzn: '04773414' }]);
    const slow = deferred<AvailabilityMap>();
    const lookup = vi.fn((id: string) => (id === alex.id ? slow.promise : Promise.resolve<AvailabilityMap>(new Map([['04773414', 'low']]))));
    const render = availabilityLines(document, { locale: 'en', choosePharmacyHref: '/x', fetchAvailability: lookup });

    const first = render(alex);
    await render(mitte);
    slow.resolve(new Map([['04773414', 'sold_out']]));
    await first;

    expect(lines[0]!.textContent).toBe('Only a few left at Apotheke Mitte');
    expect(lines[0]!.className).toBe('availability availability--low');
  });

  it('clears the previous pharmacy\'s status when the selection is removed', async () => {
    const lines = page([{ pzn: '04773414' }]);
    const render = availabilityLines(document, {
      locale: 'en',
      choosePharmacyHref: '/x',
      fetchAvailability: async () => new Map([['04773414', 'in_stock']]),
    });
    await render(alex);
    expect(lines[0]!.textContent).not.toBe('');
    await render(null);
    expect(lines[0]!.textContent).toBe('');
    expect(lines[0]!.className).toBe('availability');
  });
});
