import { AL, RATIOPHARM, brand, dosage, form, named, packs, t } from '../forms';
import type { CategoryTemplates } from '../types';

const NORDHAFEN = 'Nordhafen Pharma GmbH';
const CAPILOR = brand('Capilor', 'Capilor Haarkosmetik GmbH', 1.2);

export default {
  categorySlug: 'men',
  templates: [
    {
      key: 'saw-palmetto-320',
      name: 'Sägepalmenfrüchte {brand} 320 mg Kapseln',
      brands: [brand('Prostavit', NORDHAFEN, 1.1), AL],
      form: form.softCaps,
      packs: packs([60, 2299], [120, 3999]),
      kind: 'pharmacy-only',
      dosageForm: dosage.softCap,
      activeIngredients: [{ name: 'Sägepalmenfrüchte-Dickextrakt', strength: '320 mg' }],
      indication: t(
        'Urination problems in benign enlargement of the prostate (stages I and II).',
        'Beschwerden beim Wasserlassen bei gutartiger Prostatavergrößerung (Stadium I und II).',
      ),
      short: t('Herbal capsules for frequent urination with an enlarged prostate.', 'Pflanzliche Kapseln bei häufigem Harndrang durch vergrößerte Prostata.'),
      long: t(
        'Saw palmetto extract reduces the urge to urinate at night and improves the flow of urine. It treats the symptoms only, so have your prostate checked by a doctor regularly.',
        'Sägepalmen-Extrakt verringert den nächtlichen Harndrang und verbessert den Harnfluss. Er lindert nur die Beschwerden; lassen Sie die Prostata daher regelmäßig ärztlich kontrollieren.',
      ),
      keywords: ['prostate', 'Prostata', 'Harndrang', 'Sägepalme', 'saw palmetto'],
    },
    {
      key: 'minoxidil-5-solution',
      name: 'Minoxidil {brand} 50 mg/ml Lösung',
      brands: [named(CAPILOR, 'Capilor Männer 5 % Lösung gegen Haarausfall'), RATIOPHARM],
      form: form.solution,
      packs: packs([60, 3495], [180, 8495]),
      kind: 'pharmacy-only',
      dosageForm: dosage.cutaneousSolution,
      activeIngredients: [{ name: 'Minoxidil', strength: '50 mg/ml' }],
      indication: t(
        'Hereditary hair loss (androgenetic alopecia) in men aged 18 to 65.',
        'Erblich bedingter Haarausfall (androgenetische Alopezie) bei Männern zwischen 18 und 65 Jahren.',
      ),
      short: t('Minoxidil 5 % stops hereditary hair loss and stimulates regrowth.', 'Minoxidil 5 % stoppt erblich bedingten Haarausfall und regt das Nachwachsen an.'),
      long: t(
        'Minoxidil improves the blood supply to the hair roots and prolongs their growth phase. First results show after two to four months of twice-daily use.',
        'Minoxidil verbessert die Durchblutung der Haarwurzeln und verlängert ihre Wachstumsphase. Erste Ergebnisse zeigen sich nach zwei bis vier Monaten zweimal täglicher Anwendung.',
      ),
      keywords: ['hair loss', 'Haarausfall', 'minoxidil', 'Haare'],
    },
    {
      key: 'men-face-cream',
      name: '{brand} Men Hydro Gesichtscreme',
      brands: [brand('Vireo', 'Cutavia Hautpflege GmbH'), brand('Cutavia', 'Cutavia Hautpflege GmbH', 1.15)],
      form: form.creamMl,
      packs: packs([50, 1295]),
      kind: 'non-medicine',
      short: t('Non-greasy moisturiser for men’s skin, also after shaving.', 'Nicht fettende Feuchtigkeitscreme für Männerhaut, auch nach der Rasur.'),
      long: t(
        'Aloe vera and niacinamide calm shaving irritation and keep the skin hydrated all day. The matt finish leaves no shine.',
        'Aloe vera und Niacinamid beruhigen Rasurirritationen und spenden den ganzen Tag Feuchtigkeit. Das matte Finish hinterlässt keinen Glanz.',
      ),
      keywords: ['men', 'Männer', 'face cream', 'Gesichtscreme', 'Feuchtigkeitscreme'],
    },
    {
      key: 'sensitive-after-shave-balm',
      name: '{brand} Men Rasierbalsam sensitiv',
      brands: [brand('Vireo', 'Cutavia Hautpflege GmbH'), brand('Cutavia', 'Cutavia Hautpflege GmbH', 1.15)],
      form: form.lotion,
      packs: packs([100, 995]),
      kind: 'non-medicine',
      short: t('Alcohol-free after-shave balm that soothes razor burn.', 'Alkoholfreier Rasierbalsam, der Rasurbrand beruhigt.'),
      long: t(
        'Bisabolol and panthenol calm redness and stinging straight after shaving. The balm is fragrance-free and suitable for beard care too.',
        'Bisabolol und Panthenol beruhigen Rötungen und Brennen direkt nach der Rasur. Der Balsam ist parfümfrei und auch zur Bartpflege geeignet.',
      ),
      keywords: ['after shave', 'Rasierbalsam', 'men', 'Männer', 'Rasurbrand'],
    },
    {
      key: 'men-zinc-selenium',
      name: 'Virilan Zink + Selen Tabletten',
      brands: [brand('Virilan', 'Vitalis Naturprodukte GmbH')],
      form: form.tabs,
      packs: packs([60, 799], [120, 1399]),
      kind: 'non-medicine',
      vatRate: 7,
      activeIngredients: [
        { name: 'Zink', strength: '10 mg' },
        { name: 'Selen', strength: '55 µg' },
      ],
      short: t('Zinc and selenium for men, one tablet a day.', 'Zink und Selen für Männer, eine Tablette am Tag.'),
      long: t(
        'Zinc contributes to normal fertility and reproduction and to the maintenance of normal testosterone levels, and selenium to normal spermatogenesis. The small tablet is easy to swallow.',
        'Zink trägt zu normaler Fruchtbarkeit und Reproduktion sowie zur Erhaltung eines normalen Testosteronspiegels bei, Selen zu einer normalen Spermabildung. Die kleine Tablette lässt sich leicht schlucken.',
      ),
      keywords: ['zinc', 'Zink', 'selenium', 'Selen', 'men', 'Männer'],
    },
    {
      key: 'caffeine-shampoo',
      name: 'Capilor Coffein-Shampoo',
      brands: [CAPILOR],
      form: form.shampoo,
      packs: packs([250, 1195], [500, 1995]),
      kind: 'non-medicine',
      short: t('Caffeine shampoo that strengthens thinning hair from the root.', 'Coffein-Shampoo, das dünner werdendes Haar von der Wurzel an stärkt.'),
      long: t(
        'Caffeine reaches the hair roots during the two minutes the shampoo is left on and counters the effects of testosterone there. Use it daily for visible results.',
        'Coffein erreicht während der zwei Minuten Einwirkzeit die Haarwurzeln und wirkt dort den Folgen von Testosteron entgegen. Für sichtbare Ergebnisse täglich anwenden.',
      ),
      keywords: ['shampoo', 'hair loss', 'Haarausfall', 'caffeine', 'Coffein'],
    },
    {
      key: 'sildenafil-50-rx',
      name: 'Sildenafil {brand} 50 mg Filmtabletten',
      brands: [named(RATIOPHARM, 'Sildenafil-ratiopharm 50 mg Filmtabletten'), AL],
      form: form.filmTabs,
      packs: packs([12, 4390], [24, 7990]),
      kind: 'prescription',
      dosageForm: dosage.filmTab,
      activeIngredients: [{ name: 'Sildenafil', strength: '50 mg' }],
      indication: t('Erectile dysfunction in adult men.', 'Erektionsstörungen bei erwachsenen Männern.'),
      short: t('Prescription medicine for erectile dysfunction.', 'Verschreibungspflichtiges Arzneimittel bei Erektionsstörungen.'),
      long: t(
        'Sildenafil improves blood flow to the penis on sexual stimulation. It may only be taken after a medical examination and is never combined with nitrates.',
        'Sildenafil verbessert bei sexueller Stimulation die Durchblutung des Penis. Es darf nur nach ärztlicher Untersuchung eingenommen und nie mit Nitraten kombiniert werden.',
      ),
      keywords: ['sildenafil', 'erectile dysfunction', 'Erektionsstörung', 'prescription', 'Rezept'],
    },
  ],
} satisfies CategoryTemplates;
