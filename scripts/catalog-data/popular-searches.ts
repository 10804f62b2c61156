import type { PopularSearch } from '../../src/features/catalog';

/** Spec §9: 21 popular searches. Every term matches products of the demo assortment (a test checks it). */
export const popularSearches: PopularSearch[] = [
  { slug: 'ibuprofen', term: { en: 'Ibuprofen', de: 'Ibuprofen' } },
  { slug: 'paracetamol', term: { en: 'Paracetamol', de: 'Paracetamol' } },
  { slug: 'headache', term: { en: 'Headache', de: 'Kopfschmerzen' } },
  { slug: 'vitamin-d', term: { en: 'Vitamin D', de: 'Vitamin D' } },
  { slug: 'magnesium', term: { en: 'Magnesium', de: 'Magnesium' } },
  { slug: 'zinc', term: { en: 'Zinc', de: 'Zink' } },
  { slug: 'iron', term: { en: 'Iron', de: 'Eisen' } },
  { slug: 'nasal-spray', term: { en: 'Nasal spray', de: 'Nasenspray' } },
  { slug: 'cough', term: { en: 'Cough', de: 'Husten' } },
  { slug: 'sore-throat', term: { en: 'Sore throat', de: 'Halsschmerzen' } },
  { slug: 'eye-drops', term: { en: 'Eye drops', de: 'Augentropfen' } },
  { slug: 'hay-fever', term: { en: 'Hay fever', de: 'Heuschnupfen' } },
  { slug: 'sunscreen', term: { en: 'Sunscreen', de: 'Sonnenschutz' } },
  { slug: 'plasters', term: { en: 'Plasters', de: 'Pflaster' } },
  { slug: 'wound-ointment', term: { en: 'Wound ointment', de: 'Wundsalbe' } },
  { slug: 'probiotics', term: { en: 'Probiotics', de: 'Probiotika' } },
  { slug: 'heartburn', term: { en: 'Heartburn', de: 'Sodbrennen' } },
  { slug: 'sleep', term: { en: 'Sleep', de: 'Schlaf' } },
  { slug: 'toothpaste', term: { en: 'Toothpaste', de: 'Zahnpasta' } },
  { slug: 'pregnancy-test', term: { en: 'Pregnancy test', de: 'Schwangerschaftstest' } },
  { slug: 'blood-pressure-monitor', term: { en: 'Blood pressure monitor', de: 'Blutdruckmessgerät' } },
];
