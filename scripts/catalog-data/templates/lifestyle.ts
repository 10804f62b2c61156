import { brand, dosage, form, packs, t } from '../forms';
import type { CategoryTemplates } from '../types';

const AKTIVANA = brand('Aktivana', 'Aktivana Sport Nutrition GmbH');
const NICOFREE = brand('Nicofree', 'Nordhafen Pharma GmbH');
const AMORIO = brand('Amorio', 'Amorio GmbH');

export default {
  categorySlug: 'lifestyle',
  templates: [
    {
      key: 'nicotine-gum-2',
      name: '{brand} Nikotin 2 mg Kaugummi Mint',
      brands: [NICOFREE, brand('Rauchstopp', 'Zentiva Pharma GmbH', 0.9)],
      form: form.gum,
      packs: packs([30, 1495], [96, 3495]),
      kind: 'pharmacy-only',
      dosageForm: dosage.gum,
      activeIngredients: [{ name: 'Nicotin', strength: '2 mg' }],
      indication: t(
        'Relief of withdrawal symptoms and cravings when quitting or cutting down smoking.',
        'Linderung von Entzugserscheinungen und Rauchverlangen bei der Rauchentwöhnung oder Rauchreduktion.',
      ),
      short: t('Nicotine gum that curbs cravings when you stop smoking.', 'Nikotinkaugummi, das beim Rauchstopp das Verlangen dämpft.'),
      long: t(
        'Chew slowly until the taste becomes strong, then park the gum between cheek and gum, and repeat for about 30 minutes. Reduce the number of gums step by step over three months.',
        'Langsam kauen, bis der Geschmack kräftig wird, dann zwischen Wange und Zahnfleisch parken und das etwa 30 Minuten wiederholen. Die Zahl der Kaugummis über drei Monate schrittweise verringern.',
      ),
      keywords: ['quit smoking', 'Rauchentwöhnung', 'Nikotin', 'nicotine', 'Rauchstopp'],
    },
    {
      key: 'nicotine-patch-21',
      name: 'Nicofree Nikotinpflaster 21 mg/24 h',
      brands: [NICOFREE],
      form: form.patches,
      packs: packs([7, 2495], [14, 4295]),
      kind: 'pharmacy-only',
      dosageForm: dosage.transdermal,
      activeIngredients: [{ name: 'Nicotin', strength: '21 mg/24 h' }],
      indication: t('Treatment of tobacco dependence to help stop smoking.', 'Behandlung der Tabakabhängigkeit zur Unterstützung der Rauchentwöhnung.'),
      short: t('24-hour nicotine patch for heavy smokers who want to quit.', '24-Stunden-Nikotinpflaster für starke Raucher, die aufhören wollen.'),
      long: t(
        'The patch releases nicotine evenly through the skin and prevents withdrawal symptoms even in the morning. After four weeks you switch to the next lower strength.',
        'Das Pflaster gibt Nikotin gleichmäßig über die Haut ab und verhindert Entzugserscheinungen auch am Morgen. Nach vier Wochen wechseln Sie auf die nächstniedrigere Stärke.',
      ),
      keywords: ['quit smoking', 'Rauchentwöhnung', 'Nikotinpflaster', 'nicotine patch'],
    },
    {
      key: 'whey-protein-vanilla',
      name: 'Aktivana Whey Protein Vanille',
      brands: [AKTIVANA],
      form: form.powder,
      packs: packs([500, 1999], [1000, 3499]),
      kind: 'non-medicine',
      vatRate: 7,
      activeIngredients: [{ name: 'Molkenproteinkonzentrat', strength: '80 %' }],
      short: t('Whey protein powder with vanilla taste for muscle building.', 'Molkenprotein-Pulver mit Vanillegeschmack für den Muskelaufbau.'),
      long: t(
        'Protein contributes to an increase in muscle mass. One scoop stirred into milk or water gives 24 g of protein.',
        'Eiweiß trägt zu einer Zunahme an Muskelmasse bei. Ein Messlöffel in Milch oder Wasser liefert 24 g Protein.',
      ),
      keywords: ['protein', 'Protein', 'Eiweiß', 'sport', 'muscles', 'Muskeln'],
    },
    {
      key: 'electrolyte-sticks',
      name: 'Aktivana Elektrolyt-Sticks Zitrone',
      brands: [AKTIVANA],
      form: form.sticks,
      packs: packs([10, 699], [20, 1199]),
      kind: 'non-medicine',
      vatRate: 7,
      activeIngredients: [
        { name: 'Natrium', strength: '400 mg' },
        { name: 'Kalium', strength: '200 mg' },
        { name: 'Magnesium', strength: '60 mg' },
      ],
      short: t('Electrolyte powder for sport, heat and long days.', 'Elektrolyt-Pulver für Sport, Hitze und lange Tage.'),
      long: t(
        'Each stick replaces the salts lost in sweat and makes a refreshing lemon drink with half a litre of water. Sugar-free and vegan.',
        'Jeder Stick ersetzt die mit dem Schweiß verlorenen Salze und ergibt mit einem halben Liter Wasser ein erfrischendes Zitronengetränk. Zuckerfrei und vegan.',
      ),
      keywords: ['electrolytes', 'Elektrolyte', 'sport', 'magnesium', 'Magnesium', 'hydration'],
    },
    {
      key: 'satiety-capsules',
      name: 'Figurlind Sättigungskapseln',
      brands: [brand('Figurlind', 'Figurlind GmbH')],
      form: form.capsules,
      packs: packs([60, 1995], [120, 3495]),
      kind: 'non-medicine',
      short: t('Fibre capsules that swell in the stomach and make you feel full sooner.', 'Ballaststoffkapseln, die im Magen quellen und früher satt machen.'),
      long: t(
        'Glucomannan from the konjac root binds water and forms a filling gel, so smaller portions are enough. Take two capsules with two glasses of water before the main meals.',
        'Glucomannan aus der Konjakwurzel bindet Wasser und bildet ein sättigendes Gel, sodass kleinere Portionen genügen. Zwei Kapseln mit zwei Gläsern Wasser vor den Hauptmahlzeiten einnehmen.',
      ),
      keywords: ['weight loss', 'Abnehmen', 'diet', 'Diät', 'satiety', 'Sättigung'],
    },
    {
      key: 'kinesiology-tape',
      name: 'Aktivana Kinesiologie-Tape 5 cm × 5 m',
      brands: [AKTIVANA],
      form: form.tape,
      packs: packs([1, 899], [3, 2299]),
      kind: 'non-medicine',
      short: t('Elastic kinesiology tape for muscles and joints during sport.', 'Elastisches Kinesiologie-Tape für Muskeln und Gelenke beim Sport.'),
      long: t(
        'The cotton tape stretches like skin and supports muscles without restricting movement. It holds for several days, even in the shower.',
        'Das Baumwolltape dehnt sich wie Haut und unterstützt Muskeln, ohne die Bewegung einzuschränken. Es hält mehrere Tage, auch unter der Dusche.',
      ),
      keywords: ['tape', 'Kinesio', 'sport', 'muscles', 'Muskeln'],
    },
    {
      key: 'condoms-moist',
      name: 'Amorio Kondome feucht',
      brands: [AMORIO],
      form: form.condoms,
      packs: packs([12, 799], [24, 1399]),
      kind: 'non-medicine',
      short: t('Moist, transparent condoms with reservoir, electronically tested.', 'Feuchte, transparente Kondome mit Reservoir, elektronisch geprüft.'),
      long: t(
        'Made from thin natural rubber latex with a silicone lubricant for a natural feel. Every condom is tested electronically for tightness.',
        'Aus dünnem Naturkautschuklatex mit Silikon-Gleitmittel für ein natürliches Gefühl. Jedes Kondom wird elektronisch auf Dichtheit geprüft.',
      ),
      keywords: ['condoms', 'Kondome', 'contraception', 'Verhütung'],
    },
    {
      key: 'lubricant-gel',
      name: 'Amorio Gleitgel sensitiv',
      brands: [AMORIO],
      form: form.gelMl,
      packs: packs([50, 699], [100, 1099]),
      kind: 'non-medicine',
      short: t('Water-based lubricant, fragrance-free and condom-safe.', 'Gleitgel auf Wasserbasis, parfümfrei und kondomsicher.'),
      long: t(
        'The pH-balanced gel is gentle on sensitive mucous membranes and can be washed off easily. Compatible with latex condoms and toys.',
        'Das pH-hautneutrale Gel ist mild zu empfindlichen Schleimhäuten und lässt sich leicht abwaschen. Verträglich mit Latexkondomen und Toys.',
      ),
      keywords: ['lubricant', 'Gleitgel', 'intimate', 'Intimpflege'],
    },
  ],
} satisfies CategoryTemplates;
