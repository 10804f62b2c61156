/**
 * One line icon per category for the home page's tiles (24×24, stroked like src/ui's icons), drawn
 * here and inlined: no icon font, no request, and a new category falls back to the pill.
 */
const CATEGORY_ICONS: Readonly<Record<string, string>> = {
  'cold-and-flu': 'M10 4a2 2 0 0 1 4 0v9.5a4 4 0 1 1-4 0V4ZM12 9v7',
  'first-aid': 'M4 7.5h16V19H4V7.5ZM9 7.5V5h6v2.5M12 10.5v5.5M9.2 13.2h5.6',
  beauty: 'M9 21h6M10 21v-9h4v9M10.5 12l.5-7.5 3 1.8V12',
  women: 'M12 14a5 5 0 1 0 0-10 5 5 0 0 0 0 10ZM12 14v7M9 18h6',
  family:
    'M8 10a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM16.5 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5ZM2.5 20c.5-3.5 2.7-6 5.5-6s5 2.5 5.5 6M13.5 20c.4-2.7 1.6-4.5 3-4.5s2.6 1.8 3 4.5',
  men: 'M10 20a6 6 0 1 0 0-12 6 6 0 0 0 0 12ZM14.5 9.5 20 4M15 4h5v5',
  'eyes-nose-ears': 'M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12ZM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z',
  'skin-hair-nails': 'M12 3.5s6 6.5 6 10.5a6 6 0 0 1-12 0c0-4 6-10.5 6-10.5ZM9.5 14.5a2.5 2.5 0 0 0 2.5 2.5',
  stomach: 'M9 3v4c0 2-3 3-3 7a6 6 0 0 0 6 6c3 0 6-1.5 6-5s-3-3.5-5-3.5S11 9 11 7V3',
  'oral-care': 'M7.5 4C5.5 4 4.5 6 4.5 8c0 3 1.5 4 2 7s1 6 2.5 6 1.5-4 3-4 1.5 4 3 4 2-3 2.5-6 2-4 2-7c0-2-1-4-3-4s-3 1-4.5 1S9.5 4 7.5 4Z',
  'sleep-and-nerves': 'M19.5 14.5A8 8 0 1 1 9.5 4.5a6.5 6.5 0 0 0 10 10Z',
  vitamins: 'M4.9 14.2l9.3-9.3a3.9 3.9 0 0 1 5.5 5.5l-9.3 9.3a3.9 3.9 0 0 1-5.5-5.5ZM9.5 9.6l5 5',
  'plant-based': 'M5 19c0-8 5-14 15-14 0 10-6 15-14 15M5 19l8-8',
  'alternative-medicine': 'M4 11h16a8 8 0 0 1-16 0ZM9 20.5h6M14 11l5-7',
  cardio: 'M12 20s-8-5-8-11a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 20 9c0 6-8 11-8 11ZM6.5 12h3l1.5-2.5 2 5 1.5-2.5h3',
  'tests-and-devices': 'M6 3.5h12v17H6v-17ZM9 7h6v5H9V7ZM10 16.5h4',
  'home-pharmacy': 'M3 11.5 12 4l9 7.5M5.5 9.5V20h13V9.5M12 11v6M9 14h6',
  lifestyle: 'M12 3l2.6 5.6 6 .7-4.5 4.1 1.2 6L12 16.5l-5.3 2.9 1.2-6-4.5-4.1 6-.7L12 3Z',
  seasonal:
    'M12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8ZM12 2.5v2M12 19.5v2M2.5 12h2M19.5 12h2M5.3 5.3l1.4 1.4M17.3 17.3l1.4 1.4M5.3 18.7l1.4-1.4M17.3 6.7l1.4-1.4',
};

const PILL = 'M4.9 14.2l9.3-9.3a3.9 3.9 0 0 1 5.5 5.5l-9.3 9.3a3.9 3.9 0 0 1-5.5-5.5ZM9.5 9.6l5 5';

export function categoryIcon(slug: string): string {
  return CATEGORY_ICONS[slug] ?? PILL;
}
