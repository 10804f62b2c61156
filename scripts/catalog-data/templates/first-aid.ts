import { AL, RATIOPHARM, brand, dosage, form, named, packs, t } from '../forms';
import type { CategoryTemplates } from '../types';

const MEDIMED = 'Medimed Verbandstoffe GmbH';

export default {
  categorySlug: 'first-aid',
  templates: [
    {
      key: 'dexpanthenol-wound-ointment-5',
      name: 'Dexpanthenol {brand} 5 % Wund- und Heilsalbe',
      brands: [brand('Pantheal', 'Nordhafen Pharma GmbH', 1.4), named(RATIOPHARM, 'Dexpanthenol-ratiopharm Wundsalbe 5 %'), AL],
      form: form.ointment,
      packs: packs([20, 399], [50, 749]),
      kind: 'pharmacy-only',
      dosageForm: dosage.ointment,
      activeIngredients: [{ name: 'Dexpanthenol', strength: '50 mg/g' }],
      indication: t(
        'Supports the healing of small skin wounds, abrasions and cracked skin, and cares for sore nipples while breastfeeding.',
        'Zur Unterstützung der Heilung kleiner Hautwunden, Schürfwunden und Hautrisse sowie zur Pflege wunder Brustwarzen in der Stillzeit.',
      ),
      short: t('Wound ointment with dexpanthenol for grazes, cracks and sore skin.', 'Wundsalbe mit Dexpanthenol für Schürfwunden, Risse und wunde Haut.'),
      long: t(
        'Dexpanthenol is converted in the skin into pantothenic acid, which the skin needs to renew itself. The greasy, fragrance-free ointment protects the wound while it heals and is suitable for babies too.',
        'Dexpanthenol wird in der Haut zu Pantothensäure umgewandelt, die sie zur Erneuerung braucht. Die fetthaltige, parfümfreie Salbe schützt die Wunde während der Heilung und eignet sich auch für Babys.',
      ),
      keywords: ['wound ointment', 'Wundsalbe', 'Heilsalbe', 'wound cream', 'Dexpanthenol', 'Panthenol', 'Wundheilung'],
    },
    {
      key: 'elastic-plaster-strips',
      name: 'Flexiderm Elastic Pflaster-Strips',
      brands: [brand('Flexiderm', MEDIMED)],
      form: form.plasters,
      packs: packs([20, 349], [40, 599]),
      kind: 'non-medicine',
      short: t('Flexible fabric plasters in mixed sizes for everyday cuts.', 'Flexible Textilpflaster in gemischten Größen für alltägliche Schnitte.'),
      long: t(
        'The breathable fabric stretches with every movement and stays put on fingers and knees. The wound pad does not stick to the wound, so changing the plaster does not hurt.',
        'Das atmungsaktive Textilmaterial dehnt sich bei jeder Bewegung mit und hält sicher an Fingern und Knien. Die Wundauflage verklebt nicht mit der Wunde, sodass der Pflasterwechsel nicht schmerzt.',
      ),
      keywords: ['plasters', 'Pflaster', 'Wundpflaster', 'band-aid', 'first aid'],
    },
    {
      key: 'waterproof-plaster-strips',
      name: 'Aquaplast wasserfeste Pflaster-Strips',
      brands: [brand('Aquaplast', MEDIMED)],
      form: form.plasters,
      packs: packs([20, 399], [30, 529]),
      kind: 'non-medicine',
      short: t('Transparent, waterproof plasters for showering and swimming.', 'Transparente, wasserfeste Pflaster zum Duschen und Schwimmen.'),
      long: t(
        'A thin transparent film keeps water and dirt out while letting the skin breathe. The plasters are barely visible and hold for up to two days.',
        'Eine dünne, transparente Folie hält Wasser und Schmutz ab und lässt die Haut trotzdem atmen. Die Pflaster sind kaum sichtbar und halten bis zu zwei Tage.',
      ),
      keywords: ['plasters', 'Pflaster', 'waterproof', 'wasserfest'],
    },
    {
      key: 'blister-plasters',
      name: 'Flexiderm Blasenpflaster Hydrokolloid',
      brands: [brand('Flexiderm', MEDIMED)],
      form: form.plasters,
      packs: packs([6, 549], [10, 799]),
      kind: 'non-medicine',
      short: t('Hydrocolloid plasters that cushion blisters and speed up healing.', 'Hydrokolloid-Pflaster, die Blasen polstern und die Heilung beschleunigen.'),
      long: t(
        'The hydrocolloid gel absorbs fluid and forms a soft cushion that takes the pressure off the blister at once. Leave the plaster on until it comes off by itself.',
        'Das Hydrokolloid-Gel nimmt Flüssigkeit auf und bildet ein weiches Polster, das die Blase sofort vom Druck entlastet. Lassen Sie das Pflaster kleben, bis es sich von selbst löst.',
      ),
      keywords: ['plasters', 'Pflaster', 'blister', 'Blasen', 'Blasenpflaster'],
    },
    {
      key: 'octenidine-wound-spray',
      name: '{brand} Wunddesinfektion Spray',
      brands: [brand('Octesan', 'Octesan Hygiene GmbH', 1.2), brand('Wundklar', MEDIMED)],
      form: form.spray,
      packs: packs([50, 699], [250, 1899]),
      kind: 'pharmacy-only',
      dosageForm: dosage.cutaneousSpray,
      activeIngredients: [
        { name: 'Octenidindihydrochlorid', strength: '0,1 g/100 g' },
        { name: 'Phenoxyethanol', strength: '2 g/100 g' },
      ],
      indication: t(
        'Repeated, time-limited antiseptic treatment of mucous membranes and adjacent skin and of small wounds.',
        'Zur wiederholten, zeitlich begrenzten antiseptischen Behandlung von Schleimhaut und angrenzender Haut sowie von kleinen Wunden.',
      ),
      short: t('Colourless, painless wound antiseptic for cuts and grazes.', 'Farbloses Wundantiseptikum, das nicht brennt, für Schnitt- und Schürfwunden.'),
      long: t(
        'Octenidine kills bacteria, fungi and many viruses within a minute without stinging. It leaves no stains on skin or clothing and is suitable for children.',
        'Octenidin tötet Bakterien, Pilze und viele Viren innerhalb einer Minute ab, ohne zu brennen. Es hinterlässt keine Flecken auf Haut oder Kleidung und eignet sich auch für Kinder.',
      ),
      keywords: ['disinfectant', 'Desinfektion', 'Wunddesinfektion', 'antiseptic', 'first aid', 'Erste Hilfe'],
    },
    {
      key: 'sterile-compresses',
      name: 'Medimed sterile Kompressen 10 × 10 cm',
      brands: [brand('Medimed', MEDIMED)],
      form: form.compresses,
      packs: packs([10, 299], [25, 599]),
      kind: 'non-medicine',
      short: t('Individually packed sterile gauze compresses for larger wounds.', 'Einzeln verpackte sterile Mullkompressen für größere Wunden.'),
      long: t(
        'The twelve-ply cotton gauze absorbs blood and wound fluid quickly. Every compress is sealed on its own, so the rest of the pack stays sterile.',
        'Der zwölflagige Baumwollmull nimmt Blut und Wundsekret schnell auf. Jede Kompresse ist einzeln eingesiegelt, damit der Rest der Packung steril bleibt.',
      ),
      keywords: ['compress', 'Kompressen', 'gauze', 'Verbandmaterial', 'first aid'],
    },
    {
      key: 'elastic-bandage',
      name: 'Medimed elastische Fixierbinde 8 cm × 4 m',
      brands: [brand('Medimed', MEDIMED)],
      form: form.bandage,
      packs: packs([1, 199], [5, 799]),
      kind: 'non-medicine',
      short: t('Stretchy bandage that holds dressings securely on joints.', 'Dehnbare Binde, die Verbände an Gelenken sicher fixiert.'),
      long: t(
        'The soft, breathable bandage adapts to any body shape without slipping. It can be washed and used again.',
        'Die weiche, atmungsaktive Binde passt sich jeder Körperform an, ohne zu verrutschen. Sie ist waschbar und wiederverwendbar.',
      ),
      keywords: ['bandage', 'Binde', 'Verband', 'first aid'],
    },
    {
      key: 'heparin-gel-60000',
      name: 'Heparin {brand} 60.000 I.E. Gel',
      brands: [named(RATIOPHARM, 'Heparin-ratiopharm 60.000 Gel'), AL],
      form: form.gel,
      packs: packs([40, 799], [100, 1599]),
      kind: 'pharmacy-only',
      dosageForm: dosage.gel,
      activeIngredients: [{ name: 'Heparin-Natrium', strength: '600 I.E./g' }],
      indication: t(
        'Supportive treatment of bruises, swelling and haematomas after blunt injuries.',
        'Zur unterstützenden Behandlung von Prellungen, Schwellungen und Blutergüssen nach stumpfen Verletzungen.',
      ),
      short: t('Cooling heparin gel that helps bruises fade faster.', 'Kühlendes Heparin-Gel, das blaue Flecken schneller abklingen lässt.'),
      long: t(
        'Heparin helps the body break down the blood in a bruise and reduces swelling. The gel absorbs quickly and does not leave greasy marks.',
        'Heparin hilft dem Körper, das Blut in einem Bluterguss abzubauen, und lässt Schwellungen zurückgehen. Das Gel zieht schnell ein und fettet nicht.',
      ),
      keywords: ['bruise', 'blauer Fleck', 'Bluterguss', 'Prellung', 'heparin'],
    },
  ],
} satisfies CategoryTemplates;
