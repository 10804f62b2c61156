/**
 * Hue per category so a shelf reads at a glance (cold remedies blue, vitamins orange, …). A category
 * an editor adds later gets a stable hue derived from its slug.
 */
const CATEGORY_HUES: Record<string, number> = {
  'cold-and-flu': 205,
  'first-aid': 355,
  beauty: 330,
  women: 300,
  family: 45,
  men: 220,
  'eyes-nose-ears': 185,
  'skin-hair-nails': 25,
  stomach: 95,
  'oral-care': 170,
  'sleep-and-nerves': 250,
  vitamins: 35,
  'plant-based': 120,
  'alternative-medicine': 275,
  cardio: 0,
  'tests-and-devices': 210,
  'home-pharmacy': 140,
  lifestyle: 15,
  seasonal: 55,
};

export function hashHue(text: string): number {
  let hash = 0;
  for (let i = 0; i < text.length; i++) hash = (hash * 31 + text.charCodeAt(i)) >>> 0;
  return hash % 360;
}

export function categoryHue(categorySlug: string): number {
  return CATEGORY_HUES[categorySlug] ?? hashHue(categorySlug);
}
