import type { BrandOption, Localized, PackForm, PackOption } from './types';

export const t = (en: string, de: string): Localized => ({ en, de });

/** Pack sizes as [amount, price in cents] pairs, the way an assortment list reads. */
export const packs = (...pairs: [number, number][]): PackOption[] => pairs.map(([amount, priceCents]) => ({ amount, priceCents }));

const pieces = (en: string, de: string, one?: Localized): PackForm => ({ unit: 'pcs', noun: t(en, de), ...(one ? { one } : {}) });
const grams = (en: string, de: string): PackForm => ({ unit: 'g', noun: t(en, de) });
const millilitres = (en: string, de: string): PackForm => ({ unit: 'ml', noun: t(en, de) });

export const form = {
  filmTabs: pieces('film-coated tablets', 'Filmtabletten', t('film-coated tablet', 'Filmtablette')),
  tabs: pieces('tablets', 'Tabletten', t('tablet', 'Tablette')),
  coatedTabs: pieces('coated tablets', 'überzogene Tabletten'),
  effervescent: pieces('effervescent tablets', 'Brausetabletten'),
  chewables: pieces('chewable tablets', 'Kautabletten'),
  lozenges: pieces('lozenges', 'Lutschtabletten'),
  pastilles: pieces('pastilles', 'Pastillen'),
  capsules: pieces('capsules', 'Kapseln'),
  softCaps: pieces('soft capsules', 'Weichkapseln'),
  sachets: pieces('sachets', 'Beutel'),
  suppositories: pieces('suppositories', 'Zäpfchen'),
  gum: pieces('chewing gums', 'Kaugummis'),
  patches: pieces('patches', 'Pflaster'),
  plasters: pieces('plasters', 'Pflaster'),
  compresses: pieces('compresses', 'Kompressen'),
  bandage: pieces('bandages', 'Binden', t('bandage', 'Binde')),
  teaBags: pieces('tea bags', 'Filterbeutel'),
  gummies: pieces('fruit gummies', 'Fruchtgummis'),
  singleDoses: pieces('single-dose units', 'Einzeldosen'),
  vaginalGel: pieces('single-dose tubes', 'Einmaltuben'),
  brushes: pieces('interdental brushes', 'Interdentalbürsten'),
  floss: pieces('rolls of dental floss (50 m)', 'Rollen Zahnseide (50 m)', t('roll of dental floss (50 m)', 'Rolle Zahnseide (50 m)')),
  earplugs: pieces('ear plugs', 'Ohrstöpsel'),
  device: pieces('devices', 'Geräte', t('device', 'Gerät')),
  tests: pieces('tests', 'Tests', t('test', 'Test')),
  strips: pieces('test strips', 'Teststreifen'),
  masks: pieces('masks', 'Masken'),
  tape: pieces('rolls', 'Rollen', t('roll', 'Rolle')),
  condoms: pieces('condoms', 'Kondome'),
  sticks: pieces('sticks', 'Sticks'),
  cream: grams('cream', 'Creme'),
  ointment: grams('ointment', 'Salbe'),
  gel: grams('gel', 'Gel'),
  globules: grams('globules', 'Globuli'),
  powder: grams('powder', 'Pulver'),
  nasalSpray: millilitres('nasal spray', 'Nasenspray'),
  eyeDrops: millilitres('eye drops', 'Augentropfen'),
  drops: millilitres('drops', 'Tropfen'),
  syrup: millilitres('syrup', 'Saft'),
  solution: millilitres('solution', 'Lösung'),
  spray: millilitres('spray', 'Spray'),
  lotion: millilitres('lotion', 'Lotion'),
  fluid: millilitres('fluid', 'Fluid'),
  creamMl: millilitres('cream', 'Creme'),
  gelMl: millilitres('gel', 'Gel'),
  toothpaste: millilitres('toothpaste', 'Zahnpasta'),
  mouthwash: millilitres('mouthwash', 'Mundspülung'),
  shampoo: millilitres('shampoo', 'Shampoo'),
  lacquer: millilitres('nail lacquer', 'Nagellack'),
} satisfies Record<string, PackForm>;

export const dosage = {
  filmTab: t('Film-coated tablet', 'Filmtablette'),
  tab: t('Tablet', 'Tablette'),
  coatedTab: t('Coated tablet', 'Überzogene Tablette'),
  effervescent: t('Effervescent tablet', 'Brausetablette'),
  chewable: t('Chewable tablet', 'Kautablette'),
  lozenge: t('Lozenge', 'Lutschtablette'),
  pastille: t('Pastille', 'Pastille'),
  capsule: t('Hard capsule', 'Hartkapsel'),
  softCap: t('Soft capsule', 'Weichkapsel'),
  gastroCap: t('Gastro-resistant capsule', 'Magensaftresistente Hartkapsel'),
  gastroTab: t('Gastro-resistant tablet', 'Magensaftresistente Tablette'),
  prolongedCap: t('Prolonged-release capsule', 'Retardkapsel'),
  granules: t('Granules', 'Granulat'),
  powderSolution: t('Powder for oral solution', 'Pulver zur Herstellung einer Lösung zum Einnehmen'),
  suppository: t('Suppository', 'Zäpfchen'),
  suspension: t('Oral suspension', 'Suspension zum Einnehmen'),
  syrup: t('Syrup', 'Sirup'),
  oralDrops: t('Oral drops', 'Tropfen zum Einnehmen'),
  oralLiquid: t('Oral liquid', 'Flüssigkeit zum Einnehmen'),
  nasalSpray: t('Nasal spray, solution', 'Nasenspray, Lösung'),
  eyeDrops: t('Eye drops, solution', 'Augentropfen, Lösung'),
  cream: t('Cream', 'Creme'),
  ointment: t('Ointment', 'Salbe'),
  gel: t('Gel', 'Gel'),
  cutaneousSolution: t('Cutaneous solution', 'Lösung zur Anwendung auf der Haut'),
  cutaneousSpray: t('Cutaneous spray, solution', 'Spray zur Anwendung auf der Haut, Lösung'),
  vaginalCream: t('Vaginal cream', 'Vaginalcreme'),
  nailLacquer: t('Medicated nail lacquer', 'Wirkstoffhaltiger Nagellack'),
  mouthwash: t('Mouthwash', 'Lösung zur Anwendung in der Mundhöhle'),
  oromucosalGel: t('Oromucosal gel', 'Gel zur Anwendung in der Mundhöhle'),
  globules: t('Globules', 'Globuli'),
  tea: t('Herbal tea', 'Arzneitee'),
  gum: t('Medicated chewing gum', 'Wirkstoffhaltiges Kaugummi'),
  transdermal: t('Transdermal patch', 'Transdermales Pflaster'),
};

/** Registered homeopathics carry no indication by law; the text that stands in its place. */
export const HOMEOPATHIC_INDICATION = t(
  'Registered homeopathic medicine, therefore without a therapeutic indication.',
  'Registriertes homöopathisches Arzneimittel, daher ohne Angabe einer therapeutischen Indikation.',
);

const maker = (brand: string, manufacturer: string, priceFactor?: number): BrandOption => ({
  brand,
  manufacturer,
  ...(priceFactor ? { priceFactor } : {}),
});

// Generic houses: the usual makers of a German pharmacy's generics shelf.
export const RATIOPHARM = maker('ratiopharm', 'ratiopharm GmbH', 1.05);
export const HEXAL = maker('HEXAL', 'Hexal AG');
export const AL = maker('AL', 'Aliud Pharma GmbH', 0.9);
export const ONE_A = maker('1 A Pharma', '1 A Pharma GmbH', 0.92);
export const ZENTIVA = maker('Zentiva', 'Zentiva Pharma GmbH', 0.95);

/** Invented brands of the demo: no real trademark, but named the way pharmacy brands are. */
export const brand = (name: string, manufacturer: string, priceFactor?: number): BrandOption => maker(name, manufacturer, priceFactor);

/** Sets a brand's own spelling of the product name. */
export const named = (option: BrandOption, name: string): BrandOption => ({ ...option, name });
