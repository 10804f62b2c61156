import { AL, HEXAL, RATIOPHARM, brand, dosage, form, named, packs, t } from '../forms';
import type { CategoryTemplates } from '../types';

const NORDHAFEN = 'Nordhafen Pharma GmbH';

export default {
  categorySlug: 'cold-and-flu',
  templates: [
    {
      key: 'xylometazoline-nasal-spray-0.1',
      name: 'Xylometazolin {brand} 0,1 % Nasenspray',
      brands: [named(RATIOPHARM, 'Nasenspray-ratiopharm Erwachsene 0,1 %'), AL, HEXAL],
      form: form.nasalSpray,
      packs: packs([10, 299], [15, 389]),
      kind: 'pharmacy-only',
      dosageForm: dosage.nasalSpray,
      activeIngredients: [{ name: 'Xylometazolinhydrochlorid', strength: '1 mg/ml' }],
      indication: t(
        'Decongests the nasal mucosa in colds, hay fever and sinusitis; for adults and school children.',
        'Zur Abschwellung der Nasenschleimhaut bei Schnupfen, Heuschnupfen und Nebenhöhlenentzündung; für Erwachsene und Schulkinder.',
      ),
      short: t('Decongestant nasal spray that frees a blocked nose within minutes.', 'Abschwellendes Nasenspray, das eine verstopfte Nase in wenigen Minuten befreit.'),
      long: t(
        'Xylometazoline narrows the swollen blood vessels in the nasal lining so you can breathe freely again for up to ten hours. Use it for no longer than seven days in a row.',
        'Xylometazolin verengt die geschwollenen Blutgefäße der Nasenschleimhaut, sodass Sie bis zu zehn Stunden wieder frei durchatmen. Wenden Sie es nicht länger als sieben Tage am Stück an.',
      ),
      keywords: ['nasal spray', 'Nasenspray', 'Schnupfen', 'blocked nose', 'cold', 'Erkältung', 'xylometazoline'],
    },
    {
      key: 'acetylcysteine-600-effervescent',
      name: 'Acetylcystein {brand} akut 600 mg Brausetabletten',
      brands: [named(RATIOPHARM, 'ACC-ratiopharm akut 600 mg Brausetabletten'), HEXAL, AL],
      form: form.effervescent,
      packs: packs([10, 549], [20, 899]),
      kind: 'pharmacy-only',
      dosageForm: dosage.effervescent,
      activeIngredients: [{ name: 'Acetylcystein', strength: '600 mg' }],
      indication: t(
        'Loosens mucus and eases coughing it up in acute colds of the airways.',
        'Zur Schleimlösung und zum erleichterten Abhusten bei akuten erkältungsbedingten Atemwegserkrankungen.',
      ),
      short: t('Mucus-loosening effervescent tablet for a chesty cough, once a day.', 'Schleimlösende Brausetablette bei verschleimtem Husten, einmal täglich.'),
      long: t(
        'Acetylcysteine thins stubborn mucus in the bronchi so that it is easier to cough up. Dissolve one tablet in a glass of water and drink it after a meal.',
        'Acetylcystein verflüssigt zähen Schleim in den Bronchien, damit er sich leichter abhusten lässt. Lösen Sie eine Tablette in einem Glas Wasser auf und trinken Sie es nach dem Essen.',
      ),
      keywords: ['cough', 'Husten', 'Schleimlöser', 'ACC', 'chesty cough', 'Erkältung'],
    },
    {
      key: 'ambroxol-syrup-30',
      name: 'Ambroxol {brand} Hustensaft 30 mg/5 ml',
      brands: [RATIOPHARM, AL],
      form: form.syrup,
      packs: packs([100, 449], [250, 799]),
      kind: 'pharmacy-only',
      dosageForm: dosage.syrup,
      activeIngredients: [{ name: 'Ambroxolhydrochlorid', strength: '30 mg/5 ml' }],
      indication: t(
        'Loosens mucus in acute and chronic bronchial diseases with impaired clearing of mucus.',
        'Zur Schleimlösung bei akuten und chronischen Bronchialerkrankungen mit gestörtem Schleimtransport.',
      ),
      short: t('Cough syrup with ambroxol for a productive cough; with a measuring cup.', 'Hustensaft mit Ambroxol bei festsitzendem Husten; mit Messbecher.'),
      long: t(
        'Ambroxol helps the airways clear thick mucus and soothes the urge to cough. The syrup is sugar-free and tastes of raspberry.',
        'Ambroxol hilft den Atemwegen, zähen Schleim abzutransportieren, und lindert den Hustenreiz. Der Saft ist zuckerfrei und schmeckt nach Himbeere.',
      ),
      keywords: ['cough', 'Husten', 'Hustensaft', 'cough syrup', 'Schleimlöser'],
    },
    {
      key: 'throat-lozenges-amylmetacresol',
      name: '{brand} Halsschmerz-Lutschtabletten zuckerfrei',
      brands: [brand('Larynsan', NORDHAFEN), brand('Tonsilind', 'Tonsilind Arzneimittel GmbH', 1.1)],
      form: form.lozenges,
      packs: packs([24, 749], [40, 1049]),
      kind: 'pharmacy-only',
      dosageForm: dosage.lozenge,
      activeIngredients: [
        { name: 'Amylmetacresol', strength: '0,6 mg' },
        { name: '2,4-Dichlorbenzylalkohol', strength: '1,2 mg' },
      ],
      indication: t(
        'Relieves sore throat and difficulty swallowing in infections of the mouth and throat.',
        'Zur Linderung von Halsschmerzen und Schluckbeschwerden bei Entzündungen im Mund- und Rachenraum.',
      ),
      short: t('Antiseptic lozenges for a sore throat, sugar-free with a honey-lemon taste.', 'Antiseptische Lutschtabletten bei Halsschmerzen, zuckerfrei mit Honig-Zitrone-Geschmack.'),
      long: t(
        'Two antiseptic ingredients fight bacteria in the throat while the lozenge soothes the irritated mucous membrane. Let one lozenge dissolve slowly in the mouth every two to three hours.',
        'Zwei antiseptische Wirkstoffe bekämpfen Bakterien im Rachen, während die Lutschtablette die gereizte Schleimhaut beruhigt. Lassen Sie alle zwei bis drei Stunden eine Tablette langsam im Mund zergehen.',
      ),
      keywords: ['sore throat', 'Halsschmerzen', 'throat lozenges', 'Halstabletten', 'Lutschtabletten'],
    },
    {
      key: 'grippal-complex-capsules',
      name: 'Grippal Complex Erkältungskapseln',
      brands: [brand('Grippal', NORDHAFEN)],
      form: form.capsules,
      packs: packs([12, 899], [24, 1499]),
      kind: 'pharmacy-only',
      dosageForm: dosage.capsule,
      activeIngredients: [
        { name: 'Paracetamol', strength: '200 mg' },
        { name: 'Ascorbinsäure', strength: '150 mg' },
        { name: 'Coffein', strength: '25 mg' },
        { name: 'Chlorphenaminmaleat', strength: '2,5 mg' },
      ],
      indication: t(
        'Relieves the symptoms of colds and flu-like infections: headache and aching limbs, fever and runny nose.',
        'Zur Linderung der Beschwerden bei Erkältung und grippalen Infekten: Kopf- und Gliederschmerzen, Fieber und Schnupfen.',
      ),
      short: t('Combination capsules against headache, fever and runny nose in a cold.', 'Kombinationskapseln gegen Kopfschmerzen, Fieber und Schnupfen bei Erkältung.'),
      long: t(
        'Paracetamol eases pain and fever, chlorphenamine dries a running nose and caffeine counters tiredness. Take no more than three times two capsules a day and for no longer than three days.',
        'Paracetamol lindert Schmerzen und Fieber, Chlorphenamin trocknet die laufende Nase und Coffein wirkt der Müdigkeit entgegen. Nehmen Sie höchstens dreimal täglich zwei Kapseln und nicht länger als drei Tage ein.',
      ),
      keywords: ['cold', 'flu', 'Erkältung', 'Grippe', 'headache', 'Kopfschmerzen', 'Fieber', 'paracetamol'],
    },
    {
      key: 'iceland-moss-pastilles',
      name: 'Moosana Isländisch-Moos-Pastillen',
      brands: [brand('Moosana', 'Moosana Naturarznei GmbH')],
      form: form.pastilles,
      packs: packs([30, 549], [60, 899]),
      kind: 'free-sale',
      dosageForm: dosage.pastille,
      activeIngredients: [{ name: 'Isländisch-Moos-Wässriger Auszug', strength: '80 mg' }],
      indication: t(
        'Traditionally used for irritation of the mouth and throat and the dry, tickly cough that comes with it.',
        'Traditionell angewendet bei Schleimhautreizungen im Mund- und Rachenraum und damit verbundenem trockenem Reizhusten.',
      ),
      short: t('Soothing herbal pastilles for a dry throat and tickly cough.', 'Beruhigende pflanzliche Pastillen bei trockenem Hals und Reizhusten.'),
      long: t(
        'Iceland moss forms a protective film over the irritated lining of the throat and calms the urge to cough. The pastilles are gentle enough to suck several times a day, also for teachers and singers.',
        'Isländisch Moos legt sich wie ein Schutzfilm über die gereizte Rachenschleimhaut und beruhigt den Hustenreiz. Die Pastillen sind so mild, dass sie mehrmals täglich gelutscht werden können, auch von Lehrkräften und Sängern.',
      ),
      keywords: ['cough', 'Husten', 'Reizhusten', 'sore throat', 'Halsschmerzen', 'Isländisch Moos'],
    },
  ],
} satisfies CategoryTemplates;
