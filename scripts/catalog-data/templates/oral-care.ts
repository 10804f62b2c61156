import { AL, HEXAL, RATIOPHARM, brand, dosage, form, named, packs, t } from '../forms';
import type { CategoryTemplates } from '../types';

const DENTAVIA = brand('Dentavia', 'Dentavia Mundpflege GmbH');
const PARODIN = brand('Parodin', 'Dentavia Mundpflege GmbH', 1.2);

export default {
  categorySlug: 'oral-care',
  templates: [
    {
      key: 'sensitive-toothpaste',
      name: '{brand} Sensitiv Zahnpasta',
      brands: [DENTAVIA, PARODIN],
      form: form.toothpaste,
      packs: packs([75, 449], [125, 649]),
      kind: 'non-medicine',
      short: t('Toothpaste for sensitive teeth with fluoride and potassium nitrate.', 'Zahnpasta für schmerzempfindliche Zähne mit Fluorid und Kaliumnitrat.'),
      long: t(
        'Potassium nitrate calms the nerves in exposed tooth necks, so cold and sweet things stop hurting after a few weeks. Fluoride at 1450 ppm protects against tooth decay.',
        'Kaliumnitrat beruhigt die Nerven an freiliegenden Zahnhälsen, sodass Kaltes und Süßes nach einigen Wochen nicht mehr schmerzt. Fluorid mit 1450 ppm schützt vor Karies.',
      ),
      keywords: ['toothpaste', 'Zahnpasta', 'Zahncreme', 'sensitive teeth', 'empfindliche Zähne'],
    },
    {
      key: 'gum-protection-toothpaste',
      name: '{brand} Zahnfleischschutz Zahnpasta',
      brands: [PARODIN, DENTAVIA],
      form: form.toothpaste,
      packs: packs([75, 499]),
      kind: 'non-medicine',
      short: t('Toothpaste with zinc and herbal extracts against bleeding gums.', 'Zahnpasta mit Zink und Kräuterextrakten gegen Zahnfleischbluten.'),
      long: t(
        'Zinc citrate reduces plaque bacteria along the gum line while chamomile and sage soothe irritated gums. Brush twice a day for two minutes.',
        'Zinkcitrat verringert Plaquebakterien am Zahnfleischrand, Kamille und Salbei beruhigen gereiztes Zahnfleisch. Zweimal täglich zwei Minuten putzen.',
      ),
      keywords: ['toothpaste', 'Zahnpasta', 'gums', 'Zahnfleisch', 'Zahnfleischbluten'],
    },
    {
      key: 'chlorhexidine-mouthwash-0.2',
      name: 'Chlorhexidin {brand} 0,2 % Mundspüllösung',
      brands: [named(PARODIN, 'Parodin forte 0,2 % Mundspüllösung'), AL],
      form: form.mouthwash,
      packs: packs([200, 899], [300, 1199]),
      kind: 'pharmacy-only',
      dosageForm: dosage.mouthwash,
      activeIngredients: [{ name: 'Chlorhexidinbis(D-gluconat)', strength: '2 mg/ml' }],
      indication: t(
        'Temporary reduction of bacteria in the mouth, for gum inflammation and after dental surgery.',
        'Zur vorübergehenden Verminderung von Bakterien in der Mundhöhle, bei Zahnfleischentzündung und nach zahnärztlichen Eingriffen.',
      ),
      short: t('Antibacterial mouthwash for gum inflammation and after dental surgery.', 'Antibakterielle Mundspüllösung bei Zahnfleischentzündung und nach Zahn-OPs.'),
      long: t(
        'Chlorhexidine is the gold standard for disinfection in the mouth and keeps working for hours. Use it for up to two weeks, as longer use can discolour the teeth.',
        'Chlorhexidin ist der Goldstandard der Desinfektion im Mund und wirkt stundenlang nach. Wenden Sie es bis zu zwei Wochen an, da längerer Gebrauch die Zähne verfärben kann.',
      ),
      keywords: ['mouthwash', 'Mundspülung', 'Zahnfleischentzündung', 'gingivitis', 'chlorhexidine'],
    },
    {
      key: 'aciclovir-cold-sore-cream',
      name: 'Aciclovir {brand} Lippenherpescreme',
      brands: [named(RATIOPHARM, 'Aciclovir-ratiopharm Lippenherpescreme'), AL, HEXAL],
      form: form.cream,
      packs: packs([2, 549]),
      kind: 'pharmacy-only',
      dosageForm: dosage.cream,
      activeIngredients: [{ name: 'Aciclovir', strength: '50 mg/g' }],
      indication: t('Tingling, itching and blisters of recurrent cold sores on the lips.', 'Kribbeln, Juckreiz und Bläschen bei wiederkehrendem Lippenherpes.'),
      short: t('Antiviral cream that stops cold sores at the first tingle.', 'Antivirale Creme, die Lippenherpes beim ersten Kribbeln stoppt.'),
      long: t(
        'Aciclovir prevents the herpes virus from multiplying, which shortens the outbreak. Dab it on five times a day for five days, starting as early as possible.',
        'Aciclovir hindert das Herpesvirus daran, sich zu vermehren, und verkürzt so den Ausbruch. Fünf Tage lang fünfmal täglich auftupfen, möglichst früh beginnen.',
      ),
      keywords: ['cold sore', 'Lippenherpes', 'Herpes', 'aciclovir', 'Fieberbläschen'],
    },
    {
      key: 'interdental-brushes',
      name: 'Dentavia Interdentalbürsten 0,45 mm',
      brands: [DENTAVIA],
      form: form.brushes,
      packs: packs([6, 449], [12, 799]),
      kind: 'non-medicine',
      short: t('Fine interdental brushes that clean the gaps a toothbrush misses.', 'Feine Interdentalbürsten, die Zwischenräume reinigen, die die Zahnbürste nicht erreicht.'),
      long: t(
        'The plastic-coated wire protects the enamel and the flexible neck makes the back teeth easy to reach. Each brush can be used for about a week.',
        'Der kunststoffummantelte Draht schont den Zahnschmelz, der biegsame Hals erreicht auch die Backenzähne gut. Jede Bürste hält etwa eine Woche.',
      ),
      keywords: ['interdental brushes', 'Interdentalbürsten', 'Zahnzwischenraum', 'oral care'],
    },
    {
      key: 'dental-floss',
      name: 'Dentavia Zahnseide gewachst',
      brands: [DENTAVIA],
      form: form.floss,
      packs: packs([1, 249], [3, 649]),
      kind: 'non-medicine',
      short: t('Waxed mint dental floss that glides easily between tight teeth.', 'Gewachste Zahnseide mit Minze, die leicht durch enge Zwischenräume gleitet.'),
      long: t(
        'The light wax coating prevents fraying and makes flossing comfortable even with tight contacts. A fresh mint taste stays after use.',
        'Die leichte Wachsschicht verhindert Ausfransen und macht die Reinigung auch bei engen Kontakten angenehm. Nach der Anwendung bleibt ein frischer Minzgeschmack.',
      ),
      keywords: ['dental floss', 'Zahnseide', 'oral care', 'Mundpflege'],
    },
    {
      key: 'lidocaine-mouth-gel',
      name: 'Dentogel Lidocain 2 % Mundgel',
      brands: [brand('Dentogel', 'Dentavia Mundpflege GmbH')],
      form: form.gel,
      packs: packs([10, 649], [20, 999]),
      kind: 'pharmacy-only',
      dosageForm: dosage.oromucosalGel,
      activeIngredients: [{ name: 'Lidocainhydrochlorid', strength: '20 mg/g' }],
      indication: t(
        'Temporary relief of pain in the mouth, such as mouth ulcers, pressure sores from dentures and sore gums.',
        'Zur vorübergehenden Schmerzlinderung im Mund, etwa bei Aphthen, Prothesendruckstellen und schmerzendem Zahnfleisch.',
      ),
      short: t('Numbing gel for mouth ulcers and sore spots from braces or dentures.', 'Betäubendes Gel bei Aphthen und Druckstellen durch Zahnspange oder Prothese.'),
      long: t(
        'Lidocaine numbs the painful spot within a minute so that eating and speaking are comfortable again. Apply a small amount up to four times a day.',
        'Lidocain betäubt die schmerzende Stelle innerhalb einer Minute, sodass Essen und Sprechen wieder angenehm sind. Bis zu viermal täglich eine kleine Menge auftragen.',
      ),
      keywords: ['mouth ulcer', 'Aphthen', 'Mundgel', 'Zahnfleisch', 'lidocaine'],
    },
  ],
} satisfies CategoryTemplates;
