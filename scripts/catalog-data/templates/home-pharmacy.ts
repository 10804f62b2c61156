import { AL, HEXAL, ONE_A, RATIOPHARM, brand, dosage, form, named, packs, t } from '../forms';
import type { CategoryTemplates } from '../types';

const PAIN_INDICATION = t(
  'Short-term treatment of mild to moderate pain such as headache, toothache and period pain, and of fever.',
  'Zur kurzzeitigen Behandlung leichter bis mäßig starker Schmerzen wie Kopfschmerzen, Zahnschmerzen und Regelschmerzen sowie von Fieber.',
);
const PAIN_KEYWORDS = ['headache', 'Kopfschmerzen', 'pain', 'Schmerzen', 'Schmerzmittel', 'painkiller', 'fever', 'Fieber'];

export default {
  categorySlug: 'home-pharmacy',
  templates: [
    {
      key: 'ibuprofen-400-film-tablets',
      name: 'Ibuprofen {brand} 400 mg Filmtabletten',
      brands: [
        named(RATIOPHARM, 'Ibuprofen-ratiopharm 400 mg Filmtabletten'),
        named(HEXAL, 'IbuHEXAL 400 mg Filmtabletten'),
        AL,
        ONE_A,
      ],
      form: form.filmTabs,
      packs: packs([10, 349], [20, 549]),
      kind: 'pharmacy-only',
      dosageForm: dosage.filmTab,
      activeIngredients: [{ name: 'Ibuprofen', strength: '400 mg' }],
      indication: PAIN_INDICATION,
      short: t('Ibuprofen 400 mg against headache, toothache, period pain and fever.', 'Ibuprofen 400 mg gegen Kopfschmerzen, Zahnschmerzen, Regelschmerzen und Fieber.'),
      long: t(
        'Ibuprofen relieves pain, lowers fever and reduces inflammation. Adults take one tablet with plenty of water, at most three a day, and without a doctor’s advice for no longer than four days.',
        'Ibuprofen lindert Schmerzen, senkt Fieber und hemmt Entzündungen. Erwachsene nehmen eine Tablette mit reichlich Wasser ein, höchstens drei am Tag und ohne ärztlichen Rat nicht länger als vier Tage.',
      ),
      keywords: ['ibuprofen', 'Ibu', ...PAIN_KEYWORDS],
    },
    {
      key: 'paracetamol-500-tablets',
      name: 'Paracetamol {brand} 500 mg Tabletten',
      brands: [named(RATIOPHARM, 'Paracetamol-ratiopharm 500 mg Tabletten'), AL, ONE_A],
      form: form.tabs,
      packs: packs([10, 199], [20, 299]),
      kind: 'pharmacy-only',
      dosageForm: dosage.tab,
      activeIngredients: [{ name: 'Paracetamol', strength: '500 mg' }],
      indication: t(
        'Symptomatic treatment of mild to moderate pain such as headache and toothache, and of fever.',
        'Zur symptomatischen Behandlung leichter bis mäßig starker Schmerzen wie Kopf- und Zahnschmerzen sowie von Fieber.',
      ),
      short: t('Paracetamol 500 mg for pain and fever, gentle on the stomach.', 'Paracetamol 500 mg bei Schmerzen und Fieber, magenfreundlich.'),
      long: t(
        'Paracetamol eases pain and brings down a fever without irritating the stomach, which makes it suitable for many people who cannot take ibuprofen. Leave at least six hours between two doses and never exceed the daily maximum.',
        'Paracetamol lindert Schmerzen und senkt Fieber, ohne den Magen zu reizen, und eignet sich daher für viele, die kein Ibuprofen vertragen. Halten Sie zwischen zwei Einnahmen mindestens sechs Stunden Abstand und überschreiten Sie nie die Tageshöchstdosis.',
      ),
      keywords: ['paracetamol', ...PAIN_KEYWORDS],
    },
    {
      key: 'ass-500-tablets',
      name: 'ASS {brand} 500 mg Tabletten',
      brands: [named(RATIOPHARM, 'ASS-ratiopharm 500 mg Tabletten'), AL],
      form: form.tabs,
      packs: packs([30, 299]),
      kind: 'pharmacy-only',
      dosageForm: dosage.tab,
      activeIngredients: [{ name: 'Acetylsalicylsäure', strength: '500 mg' }],
      indication: PAIN_INDICATION,
      short: t('Acetylsalicylic acid 500 mg for headache, toothache and fever.', 'Acetylsalicylsäure 500 mg bei Kopfschmerzen, Zahnschmerzen und Fieber.'),
      long: t(
        'The classic painkiller relieves pain and fever and eases aching limbs during a cold. It is not suitable for children under twelve or in the last three months of pregnancy.',
        'Der Schmerzmittel-Klassiker lindert Schmerzen und Fieber und hilft bei Gliederschmerzen während einer Erkältung. Nicht geeignet für Kinder unter zwölf Jahren und in den letzten drei Monaten der Schwangerschaft.',
      ),
      keywords: ['ASS', 'Aspirin', 'acetylsalicylic acid', ...PAIN_KEYWORDS],
    },
    {
      key: 'ibuprofen-600-rx',
      name: 'Ibuprofen {brand} 600 mg Filmtabletten',
      brands: [AL, named(RATIOPHARM, 'Ibuprofen-ratiopharm 600 mg Filmtabletten')],
      form: form.filmTabs,
      packs: packs([20, 1226], [50, 1554]),
      kind: 'prescription',
      dosageForm: dosage.filmTab,
      activeIngredients: [{ name: 'Ibuprofen', strength: '600 mg' }],
      indication: t(
        'Pain and inflammation in rheumatic diseases, swelling and pain after injuries, and painful periods.',
        'Schmerzen und Entzündungen bei rheumatischen Erkrankungen, Schwellungen und Schmerzen nach Verletzungen sowie schmerzhafte Regelblutungen.',
      ),
      short: t('Higher-strength ibuprofen, only available on prescription.', 'Höher dosiertes Ibuprofen, nur auf ärztliches Rezept erhältlich.'),
      long: t(
        'Ibuprofen 600 mg is prescribed for stronger pain and inflammation, for example in joint disease. Your doctor decides on the dose and how long to take it.',
        'Ibuprofen 600 mg wird bei stärkeren Schmerzen und Entzündungen verschrieben, etwa bei Gelenkerkrankungen. Über Dosis und Dauer der Einnahme entscheidet Ihre Ärztin oder Ihr Arzt.',
      ),
      keywords: ['ibuprofen', 'Rezept', 'prescription', 'Rheuma', 'pain', 'Schmerzen'],
    },
    {
      key: 'diclofenac-gel-1',
      name: 'Diclofenac {brand} Schmerzgel 1 %',
      brands: [named(RATIOPHARM, 'Diclofenac-ratiopharm Schmerzgel'), AL],
      form: form.gel,
      packs: packs([50, 549], [100, 899]),
      kind: 'pharmacy-only',
      dosageForm: dosage.gel,
      activeIngredients: [{ name: 'Diclofenac-Natrium', strength: '10 mg/g' }],
      indication: t(
        'Local treatment of pain, inflammation and swelling after sprains, strains and bruises, and of back pain.',
        'Zur lokalen Behandlung von Schmerzen, Entzündungen und Schwellungen bei Verstauchungen, Zerrungen und Prellungen sowie bei Rückenschmerzen.',
      ),
      short: t('Cooling pain gel for sprains, bruises and a sore back.', 'Kühlendes Schmerzgel bei Verstauchungen, Prellungen und Rückenschmerzen.'),
      long: t(
        'The gel carries diclofenac through the skin straight to where it hurts and cools pleasantly on application. Rub it in gently three to four times a day.',
        'Das Gel bringt Diclofenac durch die Haut direkt dorthin, wo es schmerzt, und kühlt angenehm beim Auftragen. Reiben Sie es drei- bis viermal täglich sanft ein.',
      ),
      keywords: ['pain gel', 'Schmerzgel', 'back pain', 'Rückenschmerzen', 'Prellung', 'diclofenac', 'sports injury'],
    },
    {
      key: 'headache-combination-tablets',
      name: 'Cephalgin Kopfschmerztabletten',
      brands: [brand('Cephalgin', 'Nordhafen Pharma GmbH')],
      form: form.tabs,
      packs: packs([10, 449], [20, 749]),
      kind: 'pharmacy-only',
      dosageForm: dosage.tab,
      activeIngredients: [
        { name: 'Acetylsalicylsäure', strength: '250 mg' },
        { name: 'Paracetamol', strength: '200 mg' },
        { name: 'Coffein', strength: '50 mg' },
      ],
      indication: t(
        'Acute treatment of headache and migraine attacks with or without aura.',
        'Zur akuten Behandlung von Kopfschmerzen und Migräneanfällen mit und ohne Aura.',
      ),
      short: t('Triple-action tablets for tension headache and migraine.', 'Dreifach wirksame Tabletten bei Spannungskopfschmerzen und Migräne.'),
      long: t(
        'Acetylsalicylic acid and paracetamol complement each other while caffeine speeds up their effect, so the headache eases quickly. Take two tablets at the first sign of pain.',
        'Acetylsalicylsäure und Paracetamol ergänzen sich, Coffein beschleunigt ihre Wirkung, sodass der Kopfschmerz rasch nachlässt. Nehmen Sie beim ersten Anzeichen von Schmerzen zwei Tabletten ein.',
      ),
      keywords: ['headache', 'Kopfschmerzen', 'migraine', 'Migräne', 'paracetamol', 'ASS'],
    },
  ],
} satisfies CategoryTemplates;
