import { WEEKDAYS, type DeliveryOption, type OpeningHours, type Pharmacy } from '../../src/features/catalog';
import type { GermanState } from '../../src/platform/time/german-states';

/** Spec §9: open 08:00-22:00 every day; one pharmacy (the station pharmacy) until 23:00. */
function everyDay(opens: string, closes: string): OpeningHours {
  return Object.fromEntries(WEEKDAYS.map((day) => [day, [{ opens, closes }]])) as OpeningHours;
}

interface PartnerRow {
  id: string;
  name: string;
  street: string;
  houseNumber: string;
  postalCode: string;
  city: string;
  lat: number;
  lng: number;
  phone: string;
  options: DeliveryOption[];
  pdf: boolean;
  zone: string[];
  lateNight?: boolean;
}

// Street addresses are real streets; the pharmacies themselves, phones and e-mails are demo data.
const PARTNERS: PartnerRow[] = [
  { id: 'berlin-alexanderplatz', name: 'Apotheke am Alexanderplatz', street: 'Karl-Liebknecht-Straße', houseNumber: '13', postalCode: '10178', city: 'Berlin', lat: 52.5219, lng: 13.4132, phone: '+493024012345', options: ['courier', 'parcel', 'pickup'], pdf: true, zone: ['10115', '10117', '10119', '10178', '10179', '10243', '10405', '10435'] },
  { id: 'berlin-hauptbahnhof', name: 'Apotheke im Hauptbahnhof', street: 'Europaplatz', houseNumber: '1', postalCode: '10557', city: 'Berlin', lat: 52.5251, lng: 13.3694, phone: '+493020614780', options: ['courier', 'pickup'], pdf: true, zone: ['10115', '10117', '10551', '10553', '10555', '10557', '10559'], lateNight: true },
  { id: 'berlin-kreuzberg', name: 'Bergmann-Apotheke', street: 'Bergmannstraße', houseNumber: '52', postalCode: '10961', city: 'Berlin', lat: 52.489, lng: 13.395, phone: '+493069504417', options: ['courier', 'pickup'], pdf: true, zone: ['10961', '10963', '10965', '10967', '10969', '10997', '10999'] },
  { id: 'berlin-prenzlauer-berg', name: 'Kastanien-Apotheke', street: 'Kastanienallee', houseNumber: '30', postalCode: '10435', city: 'Berlin', lat: 52.538, lng: 13.409, phone: '+493044031296', options: ['courier', 'parcel', 'pickup'], pdf: true, zone: ['10119', '10405', '10407', '10409', '10435', '10437', '10439'] },
  { id: 'berlin-charlottenburg', name: 'Apotheke am Savignyplatz', street: 'Kantstraße', houseNumber: '139', postalCode: '10623', city: 'Berlin', lat: 52.506, lng: 13.321, phone: '+493031309874', options: ['courier', 'pickup'], pdf: false, zone: ['10585', '10587', '10623', '10625', '10627', '10629', '10707', '10719'] },
  { id: 'hamburg-jungfernstieg', name: 'Alster-Apotheke am Jungfernstieg', street: 'Jungfernstieg', houseNumber: '38', postalCode: '20354', city: 'Hamburg', lat: 53.553, lng: 9.992, phone: '+494035716620', options: ['courier', 'parcel', 'pickup'], pdf: true, zone: ['20095', '20097', '20099', '20354', '20355', '20457', '20459'] },
  { id: 'hamburg-eppendorf', name: 'Apotheke am Eppendorfer Baum', street: 'Eppendorfer Baum', houseNumber: '20', postalCode: '20249', city: 'Hamburg', lat: 53.584, lng: 9.98, phone: '+494046093318', options: ['courier', 'pickup'], pdf: true, zone: ['20144', '20148', '20149', '20249', '20251', '20253'] },
  { id: 'hamburg-ottensen', name: 'Ottenser Apotheke', street: 'Ottenser Hauptstraße', houseNumber: '10', postalCode: '22765', city: 'Hamburg', lat: 53.552, lng: 9.93, phone: '+494039907215', options: ['courier', 'parcel', 'pickup'], pdf: true, zone: ['22761', '22763', '22765', '22767', '22769'] },
  { id: 'hamburg-eimsbuettel', name: 'Apotheke an der Osterstraße', street: 'Osterstraße', houseNumber: '120', postalCode: '20259', city: 'Hamburg', lat: 53.575, lng: 9.953, phone: '+494049229051', options: ['courier', 'pickup'], pdf: true, zone: ['20253', '20255', '20257', '20259', '20357'] },
  { id: 'hamburg-winterhude', name: 'Mühlenkamp-Apotheke', street: 'Mühlenkamp', houseNumber: '29', postalCode: '22303', city: 'Hamburg', lat: 53.585, lng: 10.013, phone: '+494027803364', options: ['courier', 'pickup'], pdf: false, zone: ['22081', '22083', '22085', '22299', '22301', '22303'] },
  { id: 'muenchen-marienplatz', name: 'Apotheke am Marienplatz', street: 'Rosenstraße', houseNumber: '6', postalCode: '80331', city: 'München', lat: 48.1363, lng: 11.574, phone: '+498923118840', options: ['courier', 'parcel', 'pickup'], pdf: true, zone: ['80331', '80333', '80335', '80469', '80538', '80539'] },
  { id: 'muenchen-schwabing', name: 'Leopold-Apotheke', street: 'Leopoldstraße', houseNumber: '70', postalCode: '80802', city: 'München', lat: 48.162, lng: 11.586, phone: '+498933095521', options: ['courier', 'pickup'], pdf: true, zone: ['80796', '80799', '80801', '80802', '80803', '80804'] },
  { id: 'muenchen-haidhausen', name: 'Weißenburger Apotheke', street: 'Weißenburger Straße', houseNumber: '20', postalCode: '81667', city: 'München', lat: 48.129, lng: 11.596, phone: '+498944871203', options: ['courier', 'pickup'], pdf: false, zone: ['81541', '81667', '81669', '81671', '81675', '81677'] },
  { id: 'muenchen-neuhausen', name: 'Rotkreuzplatz-Apotheke', street: 'Rotkreuzplatz', houseNumber: '2', postalCode: '80634', city: 'München', lat: 48.153, lng: 11.534, phone: '+498916784409', options: ['courier', 'parcel', 'pickup'], pdf: true, zone: ['80335', '80634', '80636', '80637', '80638', '80639'] },
  { id: 'koeln-dom', name: 'Apotheke am Dom', street: 'Hohe Straße', houseNumber: '20', postalCode: '50667', city: 'Köln', lat: 50.939, lng: 6.957, phone: '+4922125804477', options: ['courier', 'parcel', 'pickup'], pdf: true, zone: ['50667', '50668', '50670', '50672', '50676', '50678', '50679'] },
  { id: 'koeln-ehrenfeld', name: 'Venloer Apotheke', street: 'Venloer Straße', houseNumber: '300', postalCode: '50823', city: 'Köln', lat: 50.948, lng: 6.922, phone: '+4922151602238', options: ['courier', 'pickup'], pdf: true, zone: ['50823', '50825', '50827', '50933'] },
  { id: 'koeln-suelz', name: 'Apotheke an der Zülpicher Straße', street: 'Zülpicher Straße', houseNumber: '250', postalCode: '50937', city: 'Köln', lat: 50.927, lng: 6.923, phone: '+4922141731590', options: ['courier', 'pickup'], pdf: true, zone: ['50674', '50677', '50931', '50935', '50937', '50939'] },
  { id: 'koeln-deutz', name: 'Deutzer Freiheit Apotheke', street: 'Deutzer Freiheit', houseNumber: '80', postalCode: '50679', city: 'Köln', lat: 50.936, lng: 6.976, phone: '+4922188019962', options: ['pickup'], pdf: false, zone: [] },
  { id: 'frankfurt-hauptwache', name: 'Apotheke an der Hauptwache', street: 'Zeil', houseNumber: '5', postalCode: '60313', city: 'Frankfurt am Main', lat: 50.114, lng: 8.679, phone: '+496921993074', options: ['courier', 'parcel', 'pickup'], pdf: true, zone: ['60311', '60313', '60314', '60316', '60318', '60329'] },
  { id: 'frankfurt-sachsenhausen', name: 'Schweizer Apotheke', street: 'Schweizer Straße', houseNumber: '40', postalCode: '60594', city: 'Frankfurt am Main', lat: 50.102, lng: 8.68, phone: '+496961993350', options: ['courier', 'pickup'], pdf: true, zone: ['60594', '60596', '60598', '60599'] },
  { id: 'frankfurt-bornheim', name: 'Berger Apotheke', street: 'Berger Straße', houseNumber: '180', postalCode: '60385', city: 'Frankfurt am Main', lat: 50.125, lng: 8.706, phone: '+496945008126', options: ['courier', 'pickup'], pdf: false, zone: ['60314', '60316', '60318', '60385', '60389'] },
  { id: 'frankfurt-westend', name: 'Westend-Apotheke', street: 'Grüneburgweg', houseNumber: '12', postalCode: '60322', city: 'Frankfurt am Main', lat: 50.122, lng: 8.672, phone: '+496972604491', options: ['pickup'], pdf: false, zone: [] },
];

/** The federal state of each partner city: its public holidays close the pharmacies there. */
const STATE_OF_CITY: Record<string, GermanState> = { Berlin: 'BE', Hamburg: 'HH', München: 'BY', Köln: 'NW', 'Frankfurt am Main': 'HE' };

function stateOf(city: string): GermanState {
  const state = STATE_OF_CITY[city];
  if (!state) throw new Error(`no federal state known for ${city}`);
  return state;
}

export const pharmacies: Pharmacy[] = PARTNERS.map((row) => ({
  id: row.id,
  name: row.name,
  address: { street: row.street, houseNumber: row.houseNumber, postalCode: row.postalCode, city: row.city, state: stateOf(row.city) },
  location: { lat: row.lat, lng: row.lng },
  phone: row.phone,
  email: `${row.id}@partner.apobote.de`,
  termsUrl: '/legal/terms',
  openingHours: everyDay('08:00', row.lateNight ? '23:00' : '22:00'),
  deliveryOptions: row.options,
  selfPickupOnly: row.options.length === 1 && row.options[0] === 'pickup',
  hasPdfPriceList: row.pdf,
  deliveryZone: { postalCodes: row.zone },
}));
