import { pznCheckDigit } from '../../../src/features/catalog/model/pzn';
import { categories, popularSearches, products } from '../../../src/features/catalog/server/schema';
import { pharmacies } from '../../../src/features/pharmacies/server/schema';
import type { Db } from '../../../src/platform/db/client';

/**
 * A small hand-made catalogue whose every number the tests can predict (the demo catalogue is
 * tested separately for its invariants): 3 categories, 30 + 4 active products, 1 inactive one.
 */
export const PAGED_CATEGORY = 'vitamins';
export const PAGED_COUNT = 30;

/** The n-th valid PZN starting at a prefix: skips prefixes whose check digit would be 10. */
export function validPzns(count: number, start = 3_000_000): string[] {
  const result: string[] = [];
  for (let n = start; result.length < count; n++) {
    const first = String(n).padStart(7, '0');
    const check = pznCheckDigit(first);
    if (check !== null) result.push(`${first}${check}`);
  }
  return result;
}

const text = (en: string, de: string) => ({ en, de });

type ProductInsert = typeof products.$inferInsert;

function product(pzn: string, name: string, categorySlug: string, extra: Partial<ProductInsert> = {}): ProductInsert {
  return {
    pzn,
    slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${pzn}`,
    name,
    brand: 'Testbrand',
    manufacturer: 'Test GmbH',
    categorySlug,
    priceCents: 499,
    vatRate: 19,
    packageAmount: 20,
    packageUnit: 'pcs',
    packageLabel: text('20 tablets', '20 Tabletten'),
    kind: 'non-medicine',
    shortDescription: text('Short', 'Kurz'),
    description: text('Long', 'Lang'),
    imagePath: `images/products/${pzn}.svg`,
    ...extra,
  };
}

export const IBUPROFEN = {
  pzn: '10019621',
  name: 'Ibuprofen 400 Test',
  category: 'cold-and-flu',
};
/** Was a 7-digit PZN (0838973 → 00838973). */
export const OLD_STYLE_PZN = '00838973';
export const INACTIVE_PZN = '04877800';
export const RX_PZN = '17377588';
export const UNKNOWN_VALID_PZN = '19201712';

export async function seedCatalog(db: Db): Promise<void> {
  await db.insert(categories).values([
    { slug: 'cold-and-flu', position: 1, name: text('Cold and flu', 'Erkältung'), description: text('Coughs', 'Husten') },
    { slug: PAGED_CATEGORY, position: 2, name: text('Vitamins', 'Vitamine'), description: text('Daily', 'Täglich') },
    { slug: 'first-aid', position: 0, name: text('First aid', 'Erste Hilfe'), description: text('Plasters', 'Pflaster') },
    { slug: 'empty-category', position: 3, name: text('Empty', 'Leer'), description: text('Nothing', 'Nichts') },
  ]);
  const paged = validPzns(PAGED_COUNT).map((pzn, i) =>
    product(pzn, `Vitamin ${String(i + 1).padStart(2, '0')}`, PAGED_CATEGORY, { vatRate: 7 }),
  );
  await db.insert(products).values([
    ...paged,
    product(IBUPROFEN.pzn, IBUPROFEN.name, IBUPROFEN.category, {
      kind: 'pharmacy-only',
      priceCents: 599,
      wasPriceCents: 799,
      wasPriceKind: 'uvp',
      dosageForm: text('Film-coated tablet', 'Filmtablette'),
      activeIngredients: [{ name: 'Ibuprofen', strength: '400 mg' }],
      indication: text('Pain and fever', 'Schmerzen und Fieber'),
    }),
    product(OLD_STYLE_PZN, 'Cough Syrup Test', 'cold-and-flu', {
      kind: 'free-sale',
      priceCents: 850,
      packageAmount: 200,
      packageUnit: 'ml',
      packageLabel: text('200 ml syrup', '200 ml Sirup'),
      imagePath: '/images/custom/syrup.png',
    }),
    product(RX_PZN, 'Antibiotic Rx Test', 'cold-and-flu', { kind: 'prescription' }),
    product('04773414', 'Plaster Test', 'first-aid'),
    product(INACTIVE_PZN, 'Withdrawn Test', 'cold-and-flu', { active: false }),
  ]);
  await db.insert(popularSearches).values(
    Array.from({ length: 21 }, (_, i) => ({
      slug: `term-${String(i + 1).padStart(2, '0')}`,
      // Stored out of order: the API must sort by position.
      position: 20 - i,
      term: text(`Term ${i + 1}`, `Begriff ${i + 1}`),
    })),
  );
}

const daily = (opens: string, closes: string) =>
  Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, [{ opens, closes }]])) as Record<
    'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun',
    { opens: string; closes: string }[]
  >;

type PharmacyInsert = typeof pharmacies.$inferInsert;

/** Each fixture city's federal state, whose public holidays close its pharmacies. */
const STATE_OF = { Berlin: 'BE', Hamburg: 'HH', München: 'BY' } as const;

function pharmacy(id: string, name: string, city: keyof typeof STATE_OF, extra: Partial<PharmacyInsert> = {}): PharmacyInsert {
  return {
    id,
    name,
    street: 'Straße des 17. Juni',
    houseNumber: '12a',
    postalCode: '10115',
    city,
    state: STATE_OF[city],
    lat: 52.52,
    lng: 13.4,
    phone: '+493012345678',
    email: `${id}@example.org`,
    termsUrl: `/legal/terms/${id}`,
    openingHours: daily('08:00', '22:00'),
    deliveryOptions: ['courier', 'pickup'],
    deliveryPostalCodes: ['10115', '10117'],
    ...extra,
  };
}

export const PHARMACY = { daily: 'apotheke-mitte', late: 'apotheke-hafen', weekdays: 'apotheke-isar', night: 'apotheke-nacht' };

export async function seedPharmacies(db: Db): Promise<void> {
  await db.insert(pharmacies).values([
    pharmacy(PHARMACY.daily, 'Apotheke Mitte', 'Berlin', { hasPdfPriceList: true }),
    pharmacy(PHARMACY.late, 'Apotheke am Hafen', 'Hamburg', { openingHours: daily('08:00', '23:00'), postalCode: '20095', deliveryPostalCodes: ['20095'] }),
    pharmacy(PHARMACY.weekdays, 'Isar Apotheke', 'München', {
      postalCode: '80331',
      selfPickupOnly: true,
      deliveryOptions: ['pickup'],
      deliveryPostalCodes: [],
      openingHours: {
        mon: [{ opens: '08:00', closes: '18:30' }],
        tue: [{ opens: '08:00', closes: '18:30' }],
        wed: [{ opens: '08:00', closes: '13:00' }, { opens: '14:00', closes: '18:30' }],
        thu: [{ opens: '08:00', closes: '18:30' }],
        fri: [{ opens: '08:00', closes: '18:30' }],
        sat: [{ opens: '09:00', closes: '14:00' }],
        sun: [],
      },
    }),
    // Weekend night service running past midnight; stored without the closed days.
    pharmacy(PHARMACY.night, 'Nachtapotheke', 'Berlin', {
      openingHours: { fri: [{ opens: '20:00', closes: '02:00' }], sat: [{ opens: '20:00', closes: '02:00' }] } as PharmacyInsert['openingHours'],
    }),
    pharmacy('apotheke-geschlossen', 'Geschlossene Apotheke', 'Berlin', { active: false }),
  ]);
}
