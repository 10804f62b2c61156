import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A small, valid catalogue written to a temp folder; tests break one file at a time. */
export const VALID_PZNS = ['10019621', '04877800', '04773414', '17377588', '19201712', '00838973'] as const;

export function productRecord(pzn: string, name: string, categorySlug: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    pzn,
    name,
    brand: 'Testmarke',
    manufacturer: 'Testmarke GmbH',
    categorySlug,
    kind: 'non-medicine',
    priceCents: 499,
    package: { amount: 20, unit: 'pcs', label: { en: '20 tablets', de: '20 Tabletten' } },
    shortDescription: { en: 'A short description.', de: 'Eine kurze Beschreibung.' },
    description: { en: 'A longer description.', de: 'Eine längere Beschreibung.' },
    ...extra,
  };
}

export function pharmacyRecord(id: string): Record<string, unknown> {
  const day = [{ opens: '08:00', closes: '22:00' }];
  return {
    id,
    name: 'Test-Apotheke',
    address: { street: 'Teststraße', houseNumber: '1', postalCode: '10115', city: 'Berlin', state: 'BE' },
    location: { lat: 52.53, lng: 13.38 },
    phone: '+493012345678',
    email: 'test@example.org',
    termsUrl: '/legal/terms',
    openingHours: { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day },
    deliveryOptions: ['courier', 'pickup'],
    selfPickupOnly: false,
    hasPdfPriceList: false,
    deliveryZone: { postalCodes: ['10115', '10117'] },
  };
}

export interface FixtureFiles {
  categories: unknown;
  products: Record<string, unknown>;
  pharmacies: unknown;
  popularSearches: unknown;
  stockCsv: string;
}

export function validFiles(): FixtureFiles {
  return {
    categories: [
      { slug: 'stomach', position: 0, name: { en: 'Stomach', de: 'Magen' }, description: { en: 'Stomach.', de: 'Magen.' } },
      { slug: 'vitamins', position: 1, name: { en: 'Vitamins', de: 'Vitamine' }, description: { en: 'Vitamins.', de: 'Vitamine.' } },
    ],
    products: {
      stomach: [productRecord(VALID_PZNS[0], 'Magentropfen', 'stomach'), productRecord(VALID_PZNS[1], 'Säureblocker', 'stomach')],
      vitamins: [productRecord(VALID_PZNS[2], 'Vitamin D3 Tropfen', 'vitamins', { package: { amount: 10, unit: 'ml', label: { en: '10 ml drops', de: '10 ml Tropfen' } } })],
    },
    pharmacies: [pharmacyRecord('berlin-test')],
    popularSearches: Array.from({ length: 21 }, (_, i) => ({ slug: `term-${i + 1}`, term: { en: `Term ${i + 1}`, de: `Begriff ${i + 1}` } })),
    stockCsv: `pharmacyId,pzn,quantity\nberlin-test,${VALID_PZNS[0]},12\nberlin-test,${VALID_PZNS[1]},0\n`,
  };
}

export async function writeFixture(files: FixtureFiles, raw: Partial<Record<string, string>> = {}): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'apobote-catalog-'));
  await mkdir(path.join(dir, 'products'));
  const json = (value: unknown) => JSON.stringify(value, null, 2);
  await writeFile(path.join(dir, 'categories.json'), raw['categories.json'] ?? json(files.categories));
  await writeFile(path.join(dir, 'pharmacies.json'), raw['pharmacies.json'] ?? json(files.pharmacies));
  await writeFile(path.join(dir, 'popular-searches.json'), raw['popular-searches.json'] ?? json(files.popularSearches));
  await writeFile(path.join(dir, 'stock.csv'), files.stockCsv);
  for (const [slug, records] of Object.entries(files.products)) {
    await writeFile(path.join(dir, 'products', `${slug}.json`), raw[`products/${slug}.json`] ?? json(records));
  }
  return dir;
}
