import { AL, HEXAL, RATIOPHARM, brand, dosage, form, packs, t } from '../forms';
import type { CategoryTemplates } from '../types';

const OCULAN = brand('Oculan', 'Oculan Ophthalmika GmbH');

export default {
  categorySlug: 'eyes-nose-ears',
  templates: [
    {
      key: 'hyaluronic-eye-drops-0.15',
      name: '{brand} Hyaluron 0,15 % Augentropfen',
      brands: [brand('Hyalusan', 'Oculan Ophthalmika GmbH', 1.15), OCULAN],
      form: form.eyeDrops,
      packs: packs([10, 1295], [20, 2195]),
      kind: 'non-medicine',
      short: t('Preservative-free eye drops with hyaluronic acid for dry, tired eyes.', 'Konservierungsmittelfreie Augentropfen mit Hyaluronsäure für trockene, müde Augen.'),
      long: t(
        'Hyaluronic acid holds moisture on the surface of the eye for a long time and relieves burning and a gritty feeling. The drops can be used with contact lenses and keep for six months after opening.',
        'Hyaluronsäure hält die Feuchtigkeit lange auf der Augenoberfläche und lindert Brennen und Fremdkörpergefühl. Die Tropfen sind mit Kontaktlinsen verträglich und nach Anbruch sechs Monate haltbar.',
      ),
      keywords: ['eye drops', 'Augentropfen', 'dry eyes', 'trockene Augen', 'hyaluronic acid', 'Hyaluron'],
    },
    {
      key: 'eye-drops-single-dose',
      name: 'Oculan Augentropfen Einzeldosen',
      brands: [OCULAN],
      form: form.singleDoses,
      packs: packs([20, 899], [60, 2195]),
      kind: 'non-medicine',
      short: t('Moisturising eye drops in handy single-dose units for on the go.', 'Befeuchtende Augentropfen in praktischen Einzeldosen für unterwegs.'),
      long: t(
        'Each single dose holds enough for both eyes and can be closed again for use within twelve hours. Ideal after long screen work, in air-conditioned rooms or on flights.',
        'Jede Einzeldosis reicht für beide Augen und lässt sich für die Anwendung innerhalb von zwölf Stunden wieder verschließen. Ideal nach langer Bildschirmarbeit, in klimatisierten Räumen oder auf Flügen.',
      ),
      keywords: ['eye drops', 'Augentropfen', 'dry eyes', 'trockene Augen', 'Bildschirm'],
    },
    {
      key: 'azelastine-eye-drops',
      name: 'Azelastin {brand} 0,5 mg/ml Augentropfen',
      brands: [RATIOPHARM, AL],
      form: form.eyeDrops,
      packs: packs([6, 899]),
      kind: 'pharmacy-only',
      dosageForm: dosage.eyeDrops,
      activeIngredients: [{ name: 'Azelastinhydrochlorid', strength: '0,5 mg/ml' }],
      indication: t(
        'Itching, watering and red eyes in seasonal allergic conjunctivitis (hay fever).',
        'Juckende, tränende und gerötete Augen bei saisonaler allergischer Bindehautentzündung (Heuschnupfen).',
      ),
      short: t('Antihistamine eye drops that stop itchy hay fever eyes within minutes.', 'Antihistaminische Augentropfen, die juckende Heuschnupfen-Augen in Minuten beruhigen.'),
      long: t(
        'Azelastine blocks histamine directly in the eye, so itching and watering subside quickly. One drop in each eye twice a day is usually enough.',
        'Azelastin blockiert Histamin direkt am Auge, sodass Juckreiz und Tränenfluss schnell nachlassen. Meist genügt zweimal täglich ein Tropfen pro Auge.',
      ),
      keywords: ['eye drops', 'Augentropfen', 'hay fever', 'Heuschnupfen', 'allergy', 'Allergie'],
    },
    {
      key: 'sea-salt-nasal-spray',
      name: '{brand} Meersalz Nasenspray',
      brands: [brand('Marinasal', 'Marinasal GmbH'), brand('Nasivita', 'Vitalis Naturprodukte GmbH')],
      form: form.nasalSpray,
      packs: packs([20, 499], [30, 649]),
      kind: 'non-medicine',
      short: t('Isotonic sea-salt nasal spray for daily nose care, without habituation.', 'Isotonisches Meersalz-Nasenspray zur täglichen Nasenpflege, ohne Gewöhnungseffekt.'),
      long: t(
        'The spray moistens a dry nose, loosens crusts and washes out pollen and dust. It can be used as often as needed and during pregnancy.',
        'Das Spray befeuchtet die trockene Nase, löst Borken und spült Pollen und Staub aus. Es kann beliebig oft und auch in der Schwangerschaft angewendet werden.',
      ),
      keywords: ['nasal spray', 'Nasenspray', 'Meersalz', 'sea salt', 'dry nose', 'trockene Nase'],
    },
    {
      key: 'xylometazoline-dexpanthenol-spray',
      name: 'Xylometazolin/Dexpanthenol {brand} Nasenspray',
      brands: [AL, HEXAL],
      form: form.nasalSpray,
      packs: packs([10, 399], [20, 649]),
      kind: 'pharmacy-only',
      dosageForm: dosage.nasalSpray,
      activeIngredients: [
        { name: 'Xylometazolinhydrochlorid', strength: '1 mg/ml' },
        { name: 'Dexpanthenol', strength: '50 mg/ml' },
      ],
      indication: t(
        'Swelling of the nasal mucosa in colds and to support healing of skin and mucosa damage in the nose.',
        'Zur Abschwellung der Nasenschleimhaut bei Schnupfen und zur unterstützenden Heilung von Haut- und Schleimhautschäden der Nase.',
      ),
      short: t('Decongestant nasal spray with dexpanthenol that cares for the sore nose.', 'Abschwellendes Nasenspray mit Dexpanthenol, das die wunde Nase pflegt.'),
      long: t(
        'Xylometazoline clears the blocked nose quickly, while dexpanthenol helps the irritated lining to heal. It is free of preservatives.',
        'Xylometazolin befreit die verstopfte Nase schnell, Dexpanthenol unterstützt die Heilung der gereizten Schleimhaut. Es ist frei von Konservierungsstoffen.',
      ),
      keywords: ['nasal spray', 'Nasenspray', 'Schnupfen', 'blocked nose', 'Dexpanthenol'],
    },
    {
      key: 'ear-wax-spray',
      name: 'Otisan Ohrenspray gegen Ohrenschmalz',
      brands: [brand('Otisan', 'Marinasal GmbH')],
      form: form.spray,
      packs: packs([15, 799], [30, 1299]),
      kind: 'non-medicine',
      short: t('Gentle ear spray that dissolves excess ear wax.', 'Sanftes Ohrenspray, das überschüssiges Ohrenschmalz löst.'),
      long: t(
        'The isotonic solution softens hardened ear wax so that it can drain naturally, without cotton buds. Spray once or twice into each ear daily.',
        'Die isotonische Lösung weicht verhärtetes Ohrenschmalz auf, damit es auf natürliche Weise abfließen kann, ganz ohne Wattestäbchen. Täglich ein- bis zweimal in jedes Ohr sprühen.',
      ),
      keywords: ['ear wax', 'Ohrenschmalz', 'Ohrenspray', 'ear spray', 'Ohren'],
    },
    {
      key: 'foam-ear-plugs',
      name: 'Silentio Ohrstöpsel Schaumstoff',
      brands: [brand('Silentio', 'Silentio Gehörschutz GmbH')],
      form: form.earplugs,
      packs: packs([8, 399], [16, 649]),
      kind: 'non-medicine',
      short: t('Soft foam ear plugs for sleeping, travelling and concerts.', 'Weiche Schaumstoff-Ohrstöpsel zum Schlafen, Reisen und für Konzerte.'),
      long: t(
        'The slowly expanding foam seals the ear canal comfortably and reduces noise by up to 35 decibels. They come in a small box for your pocket.',
        'Der langsam aufgehende Schaumstoff dichtet den Gehörgang angenehm ab und dämpft Lärm um bis zu 35 Dezibel. Sie liegen in einer kleinen Box für die Hosentasche.',
      ),
      keywords: ['ear plugs', 'Ohrstöpsel', 'Gehörschutz', 'sleep', 'Schlaf'],
    },
    {
      key: 'cromoglicic-nasal-spray',
      name: 'Cromoglicinsäure {brand} Nasenspray',
      brands: [RATIOPHARM, AL],
      form: form.nasalSpray,
      packs: packs([15, 699]),
      kind: 'pharmacy-only',
      dosageForm: dosage.nasalSpray,
      activeIngredients: [{ name: 'Natriumcromoglicat', strength: '20 mg/ml' }],
      indication: t(
        'Prevention and treatment of allergic rhinitis, for example hay fever.',
        'Vorbeugung und Behandlung von allergischem Schnupfen, zum Beispiel Heuschnupfen.',
      ),
      short: t('Anti-allergic nasal spray for use throughout the pollen season.', 'Antiallergisches Nasenspray für die ganze Pollensaison.'),
      long: t(
        'Cromoglicic acid stabilises the mast cells in the nasal lining so that they release less histamine. Start a few days before the pollen season for the best effect.',
        'Cromoglicinsäure stabilisiert die Mastzellen der Nasenschleimhaut, sodass sie weniger Histamin freisetzen. Für die beste Wirkung einige Tage vor Beginn des Pollenflugs anfangen.',
      ),
      keywords: ['nasal spray', 'Nasenspray', 'hay fever', 'Heuschnupfen', 'allergy', 'Allergie'],
    },
  ],
} satisfies CategoryTemplates;
