import type { Category } from '../../src/features/catalog';

type CategoryText = Omit<Category, 'position'>;

/** The category tree of spec §2, in its order. Slugs are stable: URLs and product files use them. */
const CATEGORIES: CategoryText[] = [
  {
    slug: 'cold-and-flu',
    name: { en: 'Cold and flu', de: 'Erkältung & Grippe' },
    description: {
      en: 'Relief for colds, coughs, sore throats, blocked noses and fever.',
      de: 'Linderung bei Erkältung, Husten, Halsschmerzen, verstopfter Nase und Fieber.',
    },
  },
  {
    slug: 'first-aid',
    name: { en: 'First aid', de: 'Erste Hilfe' },
    description: {
      en: 'Plasters, bandages, wound care and disinfectants for small and large injuries.',
      de: 'Pflaster, Verbände, Wundversorgung und Desinfektion für kleine und große Verletzungen.',
    },
  },
  {
    slug: 'beauty',
    name: { en: 'Beauty', de: 'Beauty' },
    description: {
      en: 'Pharmacy cosmetics for face and body, from serums to sun protection.',
      de: 'Apothekenkosmetik für Gesicht und Körper, vom Serum bis zum Sonnenschutz.',
    },
  },
  {
    slug: 'women',
    name: { en: 'Women', de: 'Frau' },
    description: {
      en: 'Intimate health, pregnancy, contraception and care through every stage of life.',
      de: 'Intimgesundheit, Schwangerschaft, Verhütung und Pflege in jeder Lebensphase.',
    },
  },
  {
    slug: 'family',
    name: { en: 'Family', de: 'Familie' },
    description: {
      en: 'Gentle products for babies and children, and the basics every family needs.',
      de: 'Sanfte Produkte für Babys und Kinder und alles, was jede Familie braucht.',
    },
  },
  {
    slug: 'men',
    name: { en: 'Men', de: 'Mann' },
    description: {
      en: 'Care, hair and prostate health and everyday supplements for men.',
      de: 'Pflege, Haare, Prostatagesundheit und Nahrungsergänzung für Männer.',
    },
  },
  {
    slug: 'eyes-nose-ears',
    name: { en: 'Eyes, nose and ears', de: 'Augen, Nase & Ohren' },
    description: {
      en: 'Eye drops, nasal sprays and ear care for dry, irritated or blocked senses.',
      de: 'Augentropfen, Nasensprays und Ohrenpflege bei trockenen, gereizten oder verstopften Sinnen.',
    },
  },
  {
    slug: 'skin-hair-nails',
    name: { en: 'Skin, hair and nails', de: 'Haut, Haare & Nägel' },
    description: {
      en: 'Treatment and care for dry or irritated skin, hair loss and brittle or infected nails.',
      de: 'Behandlung und Pflege bei trockener oder gereizter Haut, Haarausfall und brüchigen oder befallenen Nägeln.',
    },
  },
  {
    slug: 'stomach',
    name: { en: 'Stomach and gut', de: 'Magen & Darm' },
    description: {
      en: 'Help with heartburn, bloating, diarrhoea, constipation and a sensitive gut.',
      de: 'Hilfe bei Sodbrennen, Blähungen, Durchfall, Verstopfung und empfindlichem Darm.',
    },
  },
  {
    slug: 'oral-care',
    name: { en: 'Oral care', de: 'Mundpflege' },
    description: {
      en: 'Toothpaste, mouthwash and remedies for sensitive teeth, gums and cold sores.',
      de: 'Zahnpasta, Mundspülung und Mittel für empfindliche Zähne, Zahnfleisch und Lippenherpes.',
    },
  },
  {
    slug: 'sleep-and-nerves',
    name: { en: 'Sleep and nerves', de: 'Schlaf & Nerven' },
    description: {
      en: 'Herbal and pharmacy remedies for restless nights, stress and nervous tension.',
      de: 'Pflanzliche und apothekenpflichtige Mittel bei unruhigen Nächten, Stress und nervöser Anspannung.',
    },
  },
  {
    slug: 'vitamins',
    name: { en: 'Vitamins and minerals', de: 'Vitamine & Mineralstoffe' },
    description: {
      en: 'Vitamin D, magnesium, zinc, iron and other supplements for everyday needs.',
      de: 'Vitamin D, Magnesium, Zink, Eisen und weitere Nahrungsergänzung für den täglichen Bedarf.',
    },
  },
  {
    slug: 'plant-based',
    name: { en: 'Plant-based remedies', de: 'Pflanzliche Arzneimittel' },
    description: {
      en: 'Medicines and teas made from medicinal plants such as ivy, sage and St John’s wort.',
      de: 'Arzneimittel und Tees aus Heilpflanzen wie Efeu, Salbei und Johanniskraut.',
    },
  },
  {
    slug: 'alternative-medicine',
    name: { en: 'Alternative medicine', de: 'Alternative Medizin' },
    description: {
      en: 'Homeopathic globules, Schüßler salts and anthroposophic remedies.',
      de: 'Homöopathische Globuli, Schüßler-Salze und anthroposophische Arzneimittel.',
    },
  },
  {
    slug: 'cardio',
    name: { en: 'Heart and circulation', de: 'Herz & Kreislauf' },
    description: {
      en: 'Support for heart, blood pressure, veins and circulation.',
      de: 'Unterstützung für Herz, Blutdruck, Venen und Kreislauf.',
    },
  },
  {
    slug: 'tests-and-devices',
    name: { en: 'Tests and devices', de: 'Tests & Geräte' },
    description: {
      en: 'Blood pressure monitors, thermometers, self-tests and inhalers for use at home.',
      de: 'Blutdruckmessgeräte, Fieberthermometer, Selbsttests und Inhalatoren für zu Hause.',
    },
  },
  {
    slug: 'home-pharmacy',
    name: { en: 'Home pharmacy', de: 'Hausapotheke' },
    description: {
      en: 'Pain relief, fever reducers and the essentials every medicine cabinet should hold.',
      de: 'Schmerzmittel, Fiebersenker und alles, was in keiner Hausapotheke fehlen sollte.',
    },
  },
  {
    slug: 'lifestyle',
    name: { en: 'Lifestyle', de: 'Lifestyle' },
    description: {
      en: 'Sports nutrition, weight management, quitting smoking and feeling well.',
      de: 'Sporternährung, Gewichtsmanagement, Rauchentwöhnung und Wohlbefinden.',
    },
  },
  {
    slug: 'seasonal',
    name: { en: 'Seasonal', de: 'Saisonal' },
    description: {
      en: 'Hay fever, sun, insects and travel: what the season calls for.',
      de: 'Heuschnupfen, Sonne, Insekten und Reisen: was die Jahreszeit verlangt.',
    },
  },
];

export const categories: Category[] = CATEGORIES.map((category, position) => ({ ...category, position }));
