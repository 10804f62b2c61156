import { HOMEOPATHIC_INDICATION, brand, dosage, form, packs, t } from '../forms';
import type { CategoryTemplates, Localized, ProductTemplate } from '../types';

const HOMOEOVITA = brand('Homoeovita', 'Homoeovita Arzneimittel GmbH');
const SIMILIA = brand('Similia', 'Similia Homöopathie GmbH', 1.1);
const ADLERA = brand('Adlera', 'Adlera Mineralsalze GmbH');

/** Homeopathic singles share everything except the remedy and its traditional use in the description. */
function globules(remedy: string, tradition: Localized, keywords: string[]): ProductTemplate {
  return {
    key: `globules-${remedy.toLowerCase().replaceAll(' ', '-')}-c30`,
    name: `${remedy} {brand} C30 Globuli`,
    brands: [HOMOEOVITA, SIMILIA],
    form: form.globules,
    packs: packs([10, 849]),
    kind: 'pharmacy-only',
    dosageForm: dosage.globules,
    activeIngredients: [{ name: remedy, strength: 'C30' }],
    indication: HOMEOPATHIC_INDICATION,
    short: t(`${remedy} C30 globules in a 10 g glass vial.`, `${remedy} C30 Globuli im 10-g-Glasfläschchen.`),
    long: t(
      `${tradition.en} The sucrose globules dissolve under the tongue and are free of lactose.`,
      `${tradition.de} Die Saccharose-Globuli zergehen unter der Zunge und sind laktosefrei.`,
    ),
    keywords: ['Globuli', 'globules', 'homeopathy', 'Homöopathie', ...keywords],
  };
}

function schuesslerSalt(number: number, remedy: string, tradition: Localized, keywords: string[]): ProductTemplate {
  return {
    key: `schuessler-${number}-d6`,
    name: `Schüßler-Salz Nr. ${number} ${remedy} D6 {brand}`,
    brands: [ADLERA],
    form: form.tabs,
    packs: packs([80, 649], [200, 1199]),
    kind: 'pharmacy-only',
    dosageForm: dosage.tab,
    activeIngredients: [{ name: remedy, strength: 'D6' }],
    indication: HOMEOPATHIC_INDICATION,
    short: t(`Schüßler salt no. ${number}, ${remedy} D6, as tablets to dissolve in the mouth.`, `Schüßler-Salz Nr. ${number}, ${remedy} D6, als Tabletten zum Lutschen.`),
    long: t(
      `${tradition.en} Let the tablets dissolve slowly in the mouth, one at a time.`,
      `${tradition.de} Die Tabletten einzeln langsam im Mund zergehen lassen.`,
    ),
    keywords: ['Schüßler', 'Schüssler salts', 'Mineralsalze', ...keywords],
  };
}

export default {
  categorySlug: 'alternative-medicine',
  templates: [
    globules(
      'Arnica montana',
      t('Arnica is the best-known remedy of homeopathy and is traditionally taken after bumps and bruises.', 'Arnica ist das bekannteste Mittel der Homöopathie und wird traditionell nach Stößen und Prellungen genommen.'),
      ['Arnika', 'arnica', 'bruise', 'Prellung'],
    ),
    globules(
      'Belladonna',
      t('Belladonna is traditionally chosen for sudden, hot, red conditions.', 'Belladonna wird traditionell bei plötzlich auftretenden, heißen und roten Zuständen gewählt.'),
      ['Belladonna', 'Tollkirsche'],
    ),
    globules(
      'Nux vomica',
      t('Nux vomica is traditionally associated with overindulgence and a stressful lifestyle.', 'Nux vomica wird traditionell mit üppigem Essen und einem stressigen Lebensstil in Verbindung gebracht.'),
      ['Nux vomica', 'Brechnuss'],
    ),
    globules(
      'Chamomilla',
      t('Chamomilla is traditionally given to restless, irritable babies during teething.', 'Chamomilla wird traditionell unruhigen, gereizten Babys während des Zahnens gegeben.'),
      ['Chamomilla', 'Zahnen', 'teething', 'Baby'],
    ),
    schuesslerSalt(
      3,
      'Ferrum phosphoricum',
      t('In Schüßler’s system, no. 3 is the salt for the first stage of an inflammation.', 'Im System nach Schüßler ist Nr. 3 das Salz für das erste Entzündungsstadium.'),
      ['Ferrum phosphoricum'],
    ),
    schuesslerSalt(
      7,
      'Magnesium phosphoricum',
      t('No. 7 is known as the “hot seven” and is traditionally dissolved in hot water.', 'Nr. 7 ist als „heiße Sieben“ bekannt und wird traditionell in heißem Wasser aufgelöst.'),
      ['Magnesium', 'magnesium', 'heiße Sieben'],
    ),
    schuesslerSalt(
      8,
      'Natrium chloratum',
      t('No. 8 is associated with the body’s fluid balance in Schüßler’s system.', 'Nr. 8 wird im System nach Schüßler mit dem Flüssigkeitshaushalt verbunden.'),
      ['Natrium chloratum'],
    ),
    {
      key: 'calendula-ointment-anthroposophic',
      name: 'Antromed Calendula Wundsalbe 10 %',
      brands: [brand('Antromed', 'Antromed Naturheilmittel GmbH')],
      form: form.ointment,
      packs: packs([25, 799], [70, 1699]),
      kind: 'pharmacy-only',
      dosageForm: dosage.ointment,
      activeIngredients: [{ name: 'Calendula officinalis, Flos, ethanol. Decoctum', strength: '10 g/100 g' }],
      indication: t(
        'In accordance with the anthroposophic understanding of humans and nature: to promote the healing of minor wounds and grazes.',
        'Gemäß der anthroposophischen Menschen- und Naturerkenntnis: zur Förderung der Heilung kleiner Wunden und Schürfwunden.',
      ),
      short: t('Marigold wound ointment for small wounds and chapped skin.', 'Ringelblumen-Wundsalbe für kleine Wunden und rissige Haut.'),
      long: t(
        'Marigold has been a traditional wound herb for centuries and the ointment keeps the wound supple while it heals. It contains wool wax and is free of paraffins.',
        'Die Ringelblume ist seit Jahrhunderten ein traditionelles Wundkraut, und die Salbe hält die Wunde während der Heilung geschmeidig. Sie enthält Wollwachs und ist frei von Paraffinen.',
      ),
      keywords: ['Calendula', 'Ringelblume', 'wound ointment', 'Wundsalbe', 'anthroposophic'],
    },
    {
      key: 'flower-essence-emergency-drops',
      name: 'Blütenessenz Notfall-Tropfen',
      brands: [brand('Floravita', 'Floravita Essenzen GmbH')],
      form: form.drops,
      packs: packs([10, 1099], [20, 1799]),
      kind: 'non-medicine',
      short: t('Flower essence blend of five Bach flowers, for stressful moments.', 'Blütenessenz-Mischung aus fünf Bachblüten für aufregende Momente.'),
      long: t(
        'The classic combination of five flower essences is popular before exams, interviews and flights. Put four drops in a glass of water or directly on the tongue.',
        'Die klassische Kombination aus fünf Blütenessenzen ist vor Prüfungen, Vorstellungsgesprächen und Flügen beliebt. Vier Tropfen in ein Glas Wasser oder direkt auf die Zunge geben.',
      ),
      keywords: ['Bachblüten', 'Bach flowers', 'Notfalltropfen', 'stress', 'Prüfung'],
    },
  ],
} satisfies CategoryTemplates;
