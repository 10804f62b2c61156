import { brand, form, packs, t } from '../forms';
import type { CategoryTemplates } from '../types';

const DERMALINE = brand('Dermaline', 'Dermaline Cosmetics GmbH');
const CUTAVIA = brand('Cutavia', 'Cutavia Hautpflege GmbH', 1.15);

export default {
  categorySlug: 'beauty',
  templates: [
    {
      key: 'hyaluronic-serum',
      name: '{brand} Hyaluron Booster Serum',
      brands: [DERMALINE, CUTAVIA],
      form: form.fluid,
      packs: packs([30, 2495]),
      kind: 'non-medicine',
      short: t('Lightweight serum with three kinds of hyaluronic acid for plump, hydrated skin.', 'Leichtes Serum mit drei Arten Hyaluronsäure für pralle, durchfeuchtete Haut.'),
      long: t(
        'Long- and short-chain hyaluronic acid binds moisture on the surface and in the deeper layers of the skin, so fine lines look smoother. Apply a few drops morning and evening before your cream.',
        'Lang- und kurzkettige Hyaluronsäure bindet Feuchtigkeit an der Oberfläche und in tieferen Hautschichten, sodass feine Linien glatter wirken. Tragen Sie morgens und abends einige Tropfen vor der Creme auf.',
      ),
      keywords: ['serum', 'hyaluronic acid', 'Hyaluronsäure', 'anti-ageing', 'Gesichtspflege'],
    },
    {
      key: 'vitamin-c-serum',
      name: '{brand} Vitamin C Glow Serum',
      brands: [DERMALINE, CUTAVIA],
      form: form.fluid,
      packs: packs([30, 2695]),
      kind: 'non-medicine',
      short: t('Brightening serum with 10 % vitamin C for an even complexion.', 'Aufhellendes Serum mit 10 % Vitamin C für einen ebenmäßigen Teint.'),
      long: t(
        'Stabilised vitamin C protects the skin from free radicals and visibly evens out pigment spots over a few weeks. The airtight pump keeps the formula fresh.',
        'Stabilisiertes Vitamin C schützt die Haut vor freien Radikalen und gleicht Pigmentflecken innerhalb weniger Wochen sichtbar aus. Der luftdichte Pumpspender hält die Formel frisch.',
      ),
      keywords: ['serum', 'vitamin C', 'Pigmentflecken', 'glow', 'Gesichtspflege'],
    },
    {
      key: 'face-sun-fluid-50',
      name: '{brand} Sonnenfluid Gesicht LSF 50+',
      brands: [DERMALINE, brand('Sunalpin', 'Alpin Derma GmbH')],
      form: form.fluid,
      packs: packs([50, 1895]),
      kind: 'non-medicine',
      short: t('Very high sun protection for the face that leaves no white cast.', 'Sehr hoher Sonnenschutz für das Gesicht ohne weiße Rückstände.'),
      long: t(
        'The fluid filters UVA and UVB rays and is light enough to wear under make-up every day. It is fragrance-free and suitable for skin prone to sun allergy.',
        'Das Fluid filtert UVA- und UVB-Strahlen und ist leicht genug, um es täglich unter dem Make-up zu tragen. Es ist parfümfrei und für zu Sonnenallergie neigende Haut geeignet.',
      ),
      keywords: ['sunscreen', 'Sonnenschutz', 'Sonnencreme', 'SPF 50', 'LSF 50'],
    },
    {
      key: 'urea-body-lotion-10',
      name: '{brand} Urea 10 % Körperlotion',
      brands: [DERMALINE, CUTAVIA],
      form: form.lotion,
      packs: packs([200, 1195], [400, 1895]),
      kind: 'non-medicine',
      short: t('Intensive body lotion with 10 % urea for very dry, rough skin.', 'Intensive Körperlotion mit 10 % Urea für sehr trockene, raue Haut.'),
      long: t(
        'Urea is one of the skin’s own moisturising factors and relieves tightness and itching noticeably. The lotion spreads easily and absorbs within a minute.',
        'Urea ist ein hauteigener Feuchthaltefaktor und lindert Spannungsgefühl und Juckreiz spürbar. Die Lotion lässt sich leicht verteilen und zieht innerhalb einer Minute ein.',
      ),
      keywords: ['urea', 'body lotion', 'Körperlotion', 'dry skin', 'trockene Haut'],
    },
    {
      key: 'intensive-hand-cream',
      name: '{brand} Intensiv Handcreme',
      brands: [DERMALINE, CUTAVIA],
      form: form.creamMl,
      packs: packs([50, 599], [100, 899]),
      kind: 'non-medicine',
      short: t('Rich hand cream for chapped, cracked hands.', 'Reichhaltige Handcreme für rissige, spröde Hände.'),
      long: t(
        'Glycerine and shea butter restore the skin barrier of hands that are washed or disinfected often. The cream absorbs quickly, so you can carry on working straight away.',
        'Glycerin und Sheabutter stärken die Hautbarriere von Händen, die oft gewaschen oder desinfiziert werden. Die Creme zieht schnell ein, sodass Sie sofort weiterarbeiten können.',
      ),
      keywords: ['hand cream', 'Handcreme', 'dry hands', 'trockene Hände'],
    },
    {
      key: 'micellar-water',
      name: '{brand} Sensitive Mizellenwasser',
      brands: [DERMALINE, CUTAVIA],
      form: form.lotion,
      packs: packs([200, 795], [400, 1195]),
      kind: 'non-medicine',
      short: t('Gentle cleansing water that removes make-up without rubbing.', 'Sanftes Reinigungswasser, das Make-up ohne Reiben entfernt.'),
      long: t(
        'Micelles attract make-up, dirt and excess oil like a magnet, without the need for rinsing. The formula is free of alcohol and fragrance and tested on sensitive eyes.',
        'Mizellen ziehen Make-up, Schmutz und überschüssigen Talg wie ein Magnet an, ohne dass Sie nachspülen müssen. Die Formel ist frei von Alkohol und Parfüm und an empfindlichen Augen getestet.',
      ),
      keywords: ['micellar water', 'Mizellenwasser', 'make-up remover', 'Reinigung'],
    },
    {
      key: 'retinol-night-cream',
      name: '{brand} Retinol Nachtcreme',
      brands: [DERMALINE, CUTAVIA],
      form: form.creamMl,
      packs: packs([50, 2295]),
      kind: 'non-medicine',
      short: t('Night cream with encapsulated retinol that refines wrinkles while you sleep.', 'Nachtcreme mit verkapseltem Retinol, die Falten im Schlaf verfeinert.'),
      long: t(
        'Encapsulated retinol is released slowly over the night, which keeps irritation low. Start with two or three evenings a week and always use sun protection during the day.',
        'Verkapseltes Retinol wird über die Nacht langsam freigesetzt und reizt dadurch kaum. Beginnen Sie mit zwei bis drei Abenden pro Woche und verwenden Sie tagsüber immer Sonnenschutz.',
      ),
      keywords: ['retinol', 'night cream', 'Nachtcreme', 'anti-ageing', 'Falten'],
    },
    {
      key: 'lip-balm-spf-30',
      name: '{brand} Lippenpflege LSF 30',
      brands: [brand('Labiosan', 'Cutavia Hautpflege GmbH'), DERMALINE],
      form: { unit: 'g', noun: t('lip balm', 'Lippenpflegestift') },
      packs: packs([4.8, 449]),
      kind: 'non-medicine',
      short: t('Caring lip balm with sun protection factor 30.', 'Pflegender Lippenpflegestift mit Lichtschutzfaktor 30.'),
      long: t(
        'Beeswax and jojoba oil protect lips from drying out, and the UV filters prevent sun damage in the mountains and at the sea. It has no taste and no colour.',
        'Bienenwachs und Jojobaöl schützen die Lippen vor dem Austrocknen, die UV-Filter vor Sonnenschäden in den Bergen und am Meer. Der Stift ist geschmacks- und farbneutral.',
      ),
      keywords: ['lip balm', 'Lippenpflege', 'sunscreen', 'Sonnenschutz', 'LSF 30'],
    },
  ],
} satisfies CategoryTemplates;
