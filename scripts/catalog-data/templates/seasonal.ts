import { AL, HEXAL, RATIOPHARM, brand, dosage, form, named, packs, t } from '../forms';
import type { CategoryTemplates } from '../types';

const SUNALPIN = brand('Sunalpin', 'Alpin Derma GmbH');
const SOLVIA = brand('Solvia', 'Cutavia Hautpflege GmbH', 1.1);
const HAY_FEVER = t(
  'Symptoms of seasonal and perennial allergic rhinitis (hay fever) and of chronic hives.',
  'Beschwerden bei saisonalem und ganzjährigem allergischem Schnupfen (Heuschnupfen) und chronischer Nesselsucht.',
);

export default {
  categorySlug: 'seasonal',
  templates: [
    {
      key: 'cetirizine-10',
      name: 'Cetirizin {brand} 10 mg Filmtabletten',
      brands: [named(RATIOPHARM, 'Cetirizin-ratiopharm bei Allergien 10 mg Filmtabletten'), HEXAL, AL],
      form: form.filmTabs,
      packs: packs([20, 449], [50, 899]),
      kind: 'pharmacy-only',
      dosageForm: dosage.filmTab,
      activeIngredients: [{ name: 'Cetirizindihydrochlorid', strength: '10 mg' }],
      indication: HAY_FEVER,
      short: t('Antihistamine for hay fever and allergies, one tablet a day.', 'Antihistaminikum bei Heuschnupfen und Allergien, eine Tablette am Tag.'),
      long: t(
        'Cetirizine relieves sneezing, a runny nose and itchy, watery eyes for 24 hours. Taken in the evening, any tiredness passes overnight.',
        'Cetirizin lindert Niesen, Fließschnupfen und juckende, tränende Augen für 24 Stunden. Abends eingenommen, verschläft man eine mögliche Müdigkeit.',
      ),
      keywords: ['hay fever', 'Heuschnupfen', 'allergy', 'Allergie', 'pollen', 'Pollen', 'antihistamine'],
    },
    {
      key: 'loratadine-10',
      name: 'Loratadin {brand} 10 mg Tabletten',
      brands: [RATIOPHARM, AL],
      form: form.tabs,
      packs: packs([20, 499], [50, 999]),
      kind: 'pharmacy-only',
      dosageForm: dosage.tab,
      activeIngredients: [{ name: 'Loratadin', strength: '10 mg' }],
      indication: HAY_FEVER,
      short: t('Non-drowsy antihistamine for hay fever.', 'Antihistaminikum bei Heuschnupfen, das kaum müde macht.'),
      long: t(
        'Loratadine hardly enters the brain and therefore rarely causes drowsiness, which makes it suitable for the daytime. One tablet works for a whole day.',
        'Loratadin gelangt kaum ins Gehirn und macht daher selten müde, was es für den Tag geeignet macht. Eine Tablette wirkt einen ganzen Tag lang.',
      ),
      keywords: ['hay fever', 'Heuschnupfen', 'allergy', 'Allergie', 'pollen', 'Pollen'],
    },
    {
      key: 'sun-lotion-50',
      name: '{brand} Sonnenschutz Lotion LSF 50+',
      brands: [SUNALPIN, SOLVIA],
      form: form.lotion,
      packs: packs([100, 1295], [200, 1995]),
      kind: 'non-medicine',
      short: t('Water-resistant sunscreen lotion with very high UVA and UVB protection.', 'Wasserfeste Sonnenschutz-Lotion mit sehr hohem UVA- und UVB-Schutz.'),
      long: t(
        'Photostable filters protect reliably even on long days at the beach and in the mountains. The lotion is free of fragrance and suitable for children and sensitive skin.',
        'Photostabile Filter schützen zuverlässig auch an langen Tagen am Strand und in den Bergen. Die Lotion ist parfümfrei und für Kinder und empfindliche Haut geeignet.',
      ),
      keywords: ['sunscreen', 'Sonnenschutz', 'Sonnencreme', 'sun cream', 'LSF 50', 'SPF 50'],
    },
    {
      key: 'after-sun-gel',
      name: 'Sunalpin After Sun Gel mit Aloe vera',
      brands: [SUNALPIN],
      form: form.gelMl,
      packs: packs([200, 999], [400, 1599]),
      kind: 'non-medicine',
      short: t('Cooling after-sun gel with aloe vera for sun-stressed skin.', 'Kühlendes After-Sun-Gel mit Aloe vera für sonnengestresste Haut.'),
      long: t(
        'Aloe vera and panthenol cool and calm the skin after a day in the sun and help it recover overnight. Keep the bottle in the fridge for extra cooling.',
        'Aloe vera und Panthenol kühlen und beruhigen die Haut nach einem Sonnentag und helfen ihr, sich über Nacht zu erholen. Im Kühlschrank aufbewahrt kühlt es noch stärker.',
      ),
      keywords: ['after sun', 'After Sun', 'sunburn', 'Sonnenbrand', 'Aloe vera'],
    },
    {
      key: 'insect-repellent-tropical',
      name: 'Mückex Insektenschutz Spray Tropen',
      brands: [brand('Mückex', 'Mückex GmbH')],
      form: form.spray,
      packs: packs([50, 899], [100, 1399]),
      kind: 'non-medicine',
      short: t('Insect repellent with icaridin, up to eight hours against mosquitoes and ticks.', 'Insektenschutz mit Icaridin, bis zu acht Stunden gegen Mücken und Zecken.'),
      long: t(
        'The spray protects against tropical mosquitoes for up to eight hours and against ticks for up to four. It does not damage plastics or clothing.',
        'Das Spray schützt bis zu acht Stunden vor tropischen Mücken und bis zu vier Stunden vor Zecken. Es greift weder Kunststoffe noch Kleidung an.',
      ),
      keywords: ['insect repellent', 'Mückenschutz', 'Insektenschutz', 'mosquito', 'Mücken', 'ticks', 'Zecken'],
    },
    {
      key: 'dimetindene-gel',
      name: 'Pruritan Dimetinden 1 mg/g Gel',
      brands: [brand('Pruritan', 'Nordhafen Pharma GmbH')],
      form: form.gel,
      packs: packs([20, 699], [50, 1199]),
      kind: 'pharmacy-only',
      dosageForm: dosage.gel,
      activeIngredients: [{ name: 'Dimetindenmaleat', strength: '1 mg/g' }],
      indication: t(
        'Itching with insect bites, mild sunburn and allergic skin reactions.',
        'Juckreiz bei Insektenstichen, leichtem Sonnenbrand und allergischen Hautreaktionen.',
      ),
      short: t('Cooling antihistamine gel against itchy insect bites.', 'Kühlendes Antihistamin-Gel gegen juckende Insektenstiche.'),
      long: t(
        'Dimetindene stops the itching and the gel cools the skin at once. Suitable for children from the age of one.',
        'Dimetinden stillt den Juckreiz, das Gel kühlt die Haut sofort. Geeignet für Kinder ab einem Jahr.',
      ),
      keywords: ['insect bites', 'Insektenstiche', 'Mückenstiche', 'itching', 'Juckreiz', 'sunburn', 'Sonnenbrand'],
    },
    {
      key: 'dimenhydrinate-50',
      name: 'Dimenhydrinat {brand} 50 mg Reisetabletten',
      brands: [AL, RATIOPHARM],
      form: form.tabs,
      packs: packs([10, 449], [20, 749]),
      kind: 'pharmacy-only',
      dosageForm: dosage.tab,
      activeIngredients: [{ name: 'Dimenhydrinat', strength: '50 mg' }],
      indication: t('Prevention and treatment of travel sickness, nausea and vomiting.', 'Vorbeugung und Behandlung von Reisekrankheit, Übelkeit und Erbrechen.'),
      short: t('Travel tablets against motion sickness by car, ship and plane.', 'Reisetabletten gegen Übelkeit im Auto, auf dem Schiff und im Flugzeug.'),
      long: t(
        'Dimenhydrinate calms the balance centre in the brain and prevents nausea. Take one tablet half an hour to an hour before setting off.',
        'Dimenhydrinat beruhigt das Gleichgewichtszentrum im Gehirn und verhindert Übelkeit. Eine Tablette eine halbe bis eine Stunde vor Reiseantritt einnehmen.',
      ),
      keywords: ['travel sickness', 'Reisekrankheit', 'nausea', 'Übelkeit', 'travel', 'Reise'],
    },
  ],
} satisfies CategoryTemplates;
