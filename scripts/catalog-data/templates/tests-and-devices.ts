import { brand, form, packs, t } from '../forms';
import type { CategoryTemplates } from '../types';

const TENSIO = brand('Tensio', 'Tensio Medizintechnik GmbH');
const CARDIOCHECK = brand('Cardiocheck', 'Cardiocheck Medical GmbH', 1.15);
const THERMOCARE = brand('Thermocare', 'Tensio Medizintechnik GmbH');
const CLEARCHECK = brand('Clearcheck', 'Clearcheck Diagnostics GmbH');

export default {
  categorySlug: 'tests-and-devices',
  templates: [
    {
      key: 'upper-arm-blood-pressure-monitor',
      name: '{brand} Oberarm-Blutdruckmessgerät',
      brands: [TENSIO, CARDIOCHECK],
      form: form.device,
      packs: packs([1, 4995]),
      kind: 'non-medicine',
      short: t('Clinically validated upper-arm blood pressure monitor with arrhythmia detection.', 'Klinisch validiertes Oberarm-Blutdruckmessgerät mit Arrhythmie-Erkennung.'),
      long: t(
        'The monitor measures while the cuff inflates, which is quicker and more comfortable, and stores 120 readings for two users. The cuff fits upper arms from 22 to 42 cm.',
        'Das Gerät misst bereits beim Aufpumpen, was schneller und angenehmer ist, und speichert 120 Werte für zwei Personen. Die Manschette passt für Oberarme von 22 bis 42 cm.',
      ),
      keywords: ['blood pressure monitor', 'Blutdruckmessgerät', 'Blutdruck', 'blood pressure', 'Oberarm'],
    },
    {
      key: 'wrist-blood-pressure-monitor',
      name: '{brand} Handgelenk-Blutdruckmessgerät',
      brands: [TENSIO, CARDIOCHECK],
      form: form.device,
      packs: packs([1, 3495]),
      kind: 'non-medicine',
      short: t('Compact wrist blood pressure monitor with position indicator.', 'Kompaktes Handgelenk-Blutdruckmessgerät mit Positionsanzeige.'),
      long: t(
        'A position sensor signals when the wrist is at heart level, which is essential for correct readings. Small enough for every handbag and travel case.',
        'Ein Positionssensor zeigt an, wenn das Handgelenk auf Herzhöhe ist, was für korrekte Werte entscheidend ist. Klein genug für jede Handtasche und jeden Koffer.',
      ),
      keywords: ['blood pressure monitor', 'Blutdruckmessgerät', 'Blutdruck', 'Handgelenk', 'wrist'],
    },
    {
      key: 'digital-thermometer',
      name: '{brand} digitales Fieberthermometer',
      brands: [TENSIO, THERMOCARE],
      form: form.device,
      packs: packs([1, 699]),
      kind: 'non-medicine',
      short: t('Waterproof digital thermometer with a flexible tip, result in ten seconds.', 'Wasserdichtes digitales Fieberthermometer mit flexibler Spitze, Ergebnis in zehn Sekunden.'),
      long: t(
        'The flexible tip makes measuring comfortable for children too, and a beep tells you when it is done. It can be disinfected and remembers the last reading.',
        'Die flexible Spitze macht das Messen auch für Kinder angenehm, ein Signalton meldet das Ende der Messung. Es lässt sich desinfizieren und speichert den letzten Wert.',
      ),
      keywords: ['thermometer', 'Fieberthermometer', 'fever', 'Fieber'],
    },
    {
      key: 'infrared-ear-thermometer',
      name: 'Thermocare Infrarot-Ohrthermometer',
      brands: [THERMOCARE],
      form: form.device,
      packs: packs([1, 3995]),
      kind: 'non-medicine',
      short: t('Infrared ear thermometer that measures in one second.', 'Infrarot-Ohrthermometer, das in einer Sekunde misst.'),
      long: t(
        'The pre-warmed tip gives reliable readings even in sleeping children. A coloured display warns of fever, and 20 disposable covers are included.',
        'Die vorgewärmte Messspitze liefert auch bei schlafenden Kindern zuverlässige Werte. Eine farbige Anzeige warnt vor Fieber; 20 Schutzkappen liegen bei.',
      ),
      keywords: ['thermometer', 'Ohrthermometer', 'fever', 'Fieber', 'children', 'Kinder'],
    },
    {
      key: 'digital-pregnancy-test',
      name: 'Clearcheck digitaler Schwangerschaftstest',
      brands: [CLEARCHECK],
      form: form.tests,
      packs: packs([1, 1299], [2, 1999]),
      kind: 'non-medicine',
      short: t('Digital pregnancy test that shows the result in words.', 'Digitaler Schwangerschaftstest, der das Ergebnis in Worten anzeigt.'),
      long: t(
        'Instead of lines the display reads “pregnant” or “not pregnant”, so there is no room for doubt. More than 99 % accurate from the day your period is due.',
        'Statt Linien zeigt das Display „schwanger“ oder „nicht schwanger“, sodass kein Zweifel bleibt. Ab dem Tag der erwarteten Periode über 99 % zuverlässig.',
      ),
      keywords: ['pregnancy test', 'Schwangerschaftstest', 'digital'],
    },
    {
      key: 'ovulation-test',
      name: 'Clearcheck Ovulationstest',
      brands: [CLEARCHECK],
      form: form.tests,
      packs: packs([10, 1499], [20, 2499]),
      kind: 'non-medicine',
      short: t('Ovulation test strips that find your two most fertile days.', 'Ovulationsteststreifen, die Ihre zwei fruchtbarsten Tage finden.'),
      long: t(
        'The test detects the LH surge 24 to 36 hours before ovulation. Test at the same time every day from the day shown in the cycle table.',
        'Der Test erkennt den LH-Anstieg 24 bis 36 Stunden vor dem Eisprung. Testen Sie ab dem in der Zyklustabelle angegebenen Tag täglich zur gleichen Zeit.',
      ),
      keywords: ['ovulation test', 'Ovulationstest', 'Kinderwunsch', 'fertility'],
    },
    {
      key: 'covid-flu-antigen-test',
      name: 'Rapidix Corona & Influenza A/B Antigen-Schnelltest',
      brands: [brand('Rapidix', 'Clearcheck Diagnostics GmbH')],
      form: form.tests,
      packs: packs([1, 499], [5, 1999]),
      kind: 'non-medicine',
      short: t('Self-test that tells COVID-19 and flu apart from one nasal swab.', 'Selbsttest, der COVID-19 und Grippe mit einem Nasenabstrich unterscheidet.'),
      long: t(
        'One swab from the front of the nose is enough to test for SARS-CoV-2 and influenza A and B at the same time. The result is ready after fifteen minutes.',
        'Ein Abstrich aus dem vorderen Nasenbereich genügt, um gleichzeitig auf SARS-CoV-2 sowie Influenza A und B zu testen. Das Ergebnis liegt nach fünfzehn Minuten vor.',
      ),
      keywords: ['self-test', 'Selbsttest', 'Corona', 'COVID', 'flu', 'Grippe', 'Schnelltest'],
    },
    {
      key: 'blood-glucose-strips',
      name: 'Glucocheck Blutzucker-Teststreifen',
      brands: [brand('Glucocheck', 'Cardiocheck Medical GmbH')],
      form: form.strips,
      packs: packs([50, 1995], [100, 3495]),
      kind: 'non-medicine',
      short: t('Test strips for the Glucocheck blood glucose meter.', 'Teststreifen für das Blutzuckermessgerät Glucocheck.'),
      long: t(
        'The strips need only a tiny drop of blood and deliver the result in five seconds. They need no coding and stay usable for six months after opening.',
        'Die Streifen benötigen nur einen winzigen Blutstropfen und liefern das Ergebnis in fünf Sekunden. Sie müssen nicht codiert werden und sind nach Anbruch sechs Monate verwendbar.',
      ),
      keywords: ['blood glucose', 'Blutzucker', 'diabetes', 'Diabetes', 'test strips', 'Teststreifen'],
    },
    {
      key: 'pulse-oximeter',
      name: 'Tensio Pulsoximeter',
      brands: [TENSIO],
      form: form.device,
      packs: packs([1, 2995]),
      kind: 'non-medicine',
      short: t('Fingertip pulse oximeter for oxygen saturation and pulse rate.', 'Finger-Pulsoximeter für Sauerstoffsättigung und Pulsfrequenz.'),
      long: t(
        'Clip it onto your finger and read your oxygen saturation and pulse on the bright display within seconds. Batteries and a lanyard are included.',
        'Auf den Finger stecken und Sauerstoffsättigung und Puls nach wenigen Sekunden auf dem hellen Display ablesen. Batterien und Trageband liegen bei.',
      ),
      keywords: ['pulse oximeter', 'Pulsoximeter', 'oxygen', 'Sauerstoff', 'pulse', 'Puls'],
    },
    {
      key: 'compressor-nebuliser',
      name: 'Inhalix Kompressor-Inhalationsgerät',
      brands: [brand('Inhalix', 'Tensio Medizintechnik GmbH')],
      form: form.device,
      packs: packs([1, 5995]),
      kind: 'non-medicine',
      short: t('Compressor nebuliser for the upper and lower airways, with child mask.', 'Kompressor-Inhalationsgerät für obere und untere Atemwege, mit Kindermaske.'),
      long: t(
        'The fine mist reaches deep into the bronchi and is suitable for saline solution and prescribed medicines. Adult and child masks and a mouthpiece are included.',
        'Der feine Nebel erreicht die tiefen Bronchien und eignet sich für Kochsalzlösung und verordnete Arzneimittel. Masken für Erwachsene und Kinder sowie ein Mundstück liegen bei.',
      ),
      keywords: ['nebuliser', 'Inhalator', 'Inhalationsgerät', 'cough', 'Husten', 'Bronchitis'],
    },
    {
      key: 'ffp2-masks',
      name: 'Respira FFP2 Atemschutzmasken',
      brands: [brand('Respira', 'Medimed Verbandstoffe GmbH')],
      form: form.masks,
      packs: packs([10, 599], [20, 999]),
      kind: 'non-medicine',
      short: t('Individually packed FFP2 masks tested to EN 149.', 'Einzeln verpackte FFP2-Masken, geprüft nach EN 149.'),
      long: t(
        'The five-layer masks filter at least 94 % of airborne particles and sit snugly thanks to the adjustable nose clip. Soft ear loops allow long wear.',
        'Die fünflagigen Masken filtern mindestens 94 % der Partikel aus der Luft und sitzen dank formbarem Nasenbügel dicht. Weiche Ohrschlaufen erlauben langes Tragen.',
      ),
      keywords: ['FFP2', 'mask', 'Maske', 'Atemschutz'],
    },
  ],
} satisfies CategoryTemplates;
