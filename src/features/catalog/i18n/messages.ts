import { defineMessages } from '../../../platform/i18n/messages';
import { listingFilterTexts } from './listing-filter-messages';

/**
 * Every string the prebuilt catalogue pages show. German must carry the same keys (a type error otherwise).
 * The HWG notice wording is fixed by law (since 27.12.2023): do not rephrase `hwgNotice`.
 */
export const catalogMessages = defineMessages(
  {
    // Home
    homeTitle: 'Pharmacy products delivered in about 30 minutes',
    homeDescription:
      'Order medicines, vitamins, beauty and health products online from partner pharmacies: delivered in about 30 minutes, daily 08:00-22:00.',
    homeHeading: 'Your pharmacy, delivered in about 30 minutes',
    homeHero: 'Delivered in about 30 minutes from partner pharmacies near you, every day from 08:00 to 22:00.',
    categoriesHeading: 'Shop by category',
    trustHeading: 'Why Apobote',
    trustPharmacies: 'Licensed partner pharmacies in your city',
    trustPharmacists: 'Pharmacists to talk to, by chat or phone',
    trustPayment: 'Secure payment by PayPal or card',
    trustDelivery: 'In about 30 minutes by courier, or by parcel in 1–3 days',
    popularSearchesHeading: 'Popular searches',
    featuredHeading: 'Featured products',

    // Category pages
    categoryTitle: '{category}: buy online',
    categoryTitlePaged: '{category}: buy online, page {page}',
    categoryDescriptionPaged: '{description} Page {page} of {pages}.',
    productCount: '{count} products',
    productCountOne: '1 product',
    allCategories: 'All categories',

    // Filters and sorting of listings
    filtersLabel: 'Filter products',
    ...listingFilterTexts.en,
    filterStatusAll: '{count} products',
    filterStatusSome: '{shown} of {count} products shown',
    filterError: 'The filtered list could not be loaded. Please try again.',
    filteredPagination: 'Pages of the filtered list',

    // Product cards and prices
    inclVat: 'incl. VAT',
    inclVatDelivery: 'Price incl. VAT, plus delivery costs.',
    allPricesNote: 'All prices include VAT, plus delivery costs.',
    currentPrice: 'Price',
    // PAngV §11: the struck price says what it is.
    wasPriceLowest30: 'Lowest price of the last 30 days:',
    wasPriceUvp: "Manufacturer's RRP:",
    saleBadgeUvp: '{percent} vs. RRP',
    // No-break spaces keep "/ 1 kg" together with the amount when a narrow card wraps.
    basePrice: 'Base price: {price}\u00a0/\u00a01\u00a0{unit}',
    prescriptionRequired: 'Prescription required',
    pharmacyOnly: 'Pharmacy-only medicine',
    freeSale: 'Over-the-counter medicine',
    pickUpOnly: 'Pick-up only',
    pickUpOnlyNote: 'This product cannot be delivered: collect it in person at the pharmacy.',
    prescriptionNote: 'This medicine is dispensed only with a prescription and cannot be ordered in the shop.',
    productImageAlt: 'Pack shot of {name}',

    // Product page
    productTitle: '{name}, {pack}',
    productDescription: '{name} ({pack}), PZN {pzn}: {summary}',
    brandBy: 'Brand: {brand}',
    manufacturer: 'Manufacturer',
    detailsHeading: 'Product details',
    descriptionHeading: 'Description',
    pzn: 'PZN',
    packageSize: 'Package size',
    packSizes: 'Pack size',
    basePriceShort: '{price}\u00a0/\u00a01\u00a0{unit}',
    dosageForm: 'Dosage form',
    activeIngredient: 'Active ingredient',
    activeIngredients: 'Active ingredients',
    category: 'Category',
    indication: 'Indication: {indication}',
    hwgIngredient: 'Active ingredient: {name}',
    hwgNotice: 'For risks and side effects, read the package leaflet and ask your doctor or pharmacist.',

    // Navigation
    home: 'Home',
    breadcrumb: 'Breadcrumb',
    pagination: 'Pages',
    previousPage: 'Previous page',
    nextPage: 'Next page',
    pageN: 'Page {page}',

    // Search landing pages
    searchTitle: '{term}: products and prices',
    searchDescription: '{count} products for “{term}” from partner pharmacies, delivered in about 30 minutes.',
    searchDescriptionNone: 'Search for “{term}” in the pharmacy shop, delivered in about 30 minutes.',
    searchHeading: 'Results for “{term}”',
    searchResultCount: '{count} products found',
    searchResultCountOne: '1 product found',
    searchResultsShown: 'Showing the best {shown} of {count} products.',
    searchShowAll: 'Show all results for “{term}”',
    searchNoResults: 'No products match “{term}” yet. Try another term or browse the categories.',
    searchFormLabel: 'Refine search',
    searchLabel: 'Search term',
    searchPlaceholder: 'Product, active ingredient or PZN',
    searchSubmit: 'Search',
  },
  {
    homeTitle: 'Apothekenprodukte in ca. 30 Minuten geliefert',
    homeDescription:
      'Arzneimittel, Vitamine, Beauty- und Gesundheitsprodukte online bei Partnerapotheken bestellen: Lieferung in ca. 30 Minuten, täglich 08:00-22:00 Uhr.',
    homeHeading: 'Ihre Apotheke, geliefert in ca. 30 Minuten',
    homeHero: 'Lieferung in ca. 30 Minuten aus Partnerapotheken in Ihrer Nähe, täglich von 08:00 bis 22:00 Uhr.',
    categoriesHeading: 'Nach Kategorie einkaufen',
    trustHeading: 'Warum Apobote',
    trustPharmacies: 'Zugelassene Partnerapotheken in Ihrer Stadt',
    trustPharmacists: 'Apothekerinnen und Apotheker für Ihre Fragen, per Chat oder Telefon',
    trustPayment: 'Sicher bezahlen mit PayPal oder Karte',
    trustDelivery: 'In ca. 30 Minuten per Bote oder als Paket in 1–3 Tagen',
    popularSearchesHeading: 'Beliebte Suchen',
    featuredHeading: 'Ausgewählte Produkte',

    categoryTitle: '{category} online kaufen',
    categoryTitlePaged: '{category} online kaufen, Seite {page}',
    categoryDescriptionPaged: '{description} Seite {page} von {pages}.',
    productCount: '{count} Produkte',
    productCountOne: '1 Produkt',
    allCategories: 'Alle Kategorien',

    filtersLabel: 'Produkte filtern',
    ...listingFilterTexts.de,
    filterStatusAll: '{count} Produkte',
    filterStatusSome: '{shown} von {count} Produkten angezeigt',
    filterError: 'Die gefilterte Liste konnte nicht geladen werden. Bitte versuchen Sie es erneut.',
    filteredPagination: 'Seiten der gefilterten Liste',

    inclVat: 'inkl. MwSt.',
    inclVatDelivery: 'Preis inkl. MwSt., zzgl. Lieferkosten.',
    allPricesNote: 'Alle Preise inkl. MwSt., zzgl. Lieferkosten.',
    currentPrice: 'Preis',
    wasPriceLowest30: 'Niedrigster Preis der letzten 30 Tage:',
    wasPriceUvp: 'UVP:',
    saleBadgeUvp: '{percent} ggü. UVP',
    basePrice: 'Grundpreis: {price}\u00a0/\u00a01\u00a0{unit}',
    prescriptionRequired: 'Verschreibungspflichtig',
    pharmacyOnly: 'Apothekenpflichtig',
    freeSale: 'Freiverkäufliches Arzneimittel',
    pickUpOnly: 'Nur Abholung',
    pickUpOnlyNote: 'Dieses Produkt wird nicht geliefert: Bitte holen Sie es persönlich in der Apotheke ab.',
    prescriptionNote: 'Dieses Arzneimittel gibt es nur auf Rezept; es kann nicht im Shop bestellt werden.',
    productImageAlt: 'Packungsbild von {name}',

    productTitle: '{name}, {pack}',
    productDescription: '{name} ({pack}), PZN {pzn}: {summary}',
    brandBy: 'Marke: {brand}',
    manufacturer: 'Hersteller',
    detailsHeading: 'Produktdetails',
    descriptionHeading: 'Beschreibung',
    pzn: 'PZN',
    packageSize: 'Packungsgröße',
    packSizes: 'Packungsgröße',
    basePriceShort: '{price}\u00a0/\u00a01\u00a0{unit}',
    dosageForm: 'Darreichungsform',
    activeIngredient: 'Wirkstoff',
    activeIngredients: 'Wirkstoffe',
    category: 'Kategorie',
    indication: 'Anwendungsgebiet: {indication}',
    hwgIngredient: 'Wirkstoff: {name}',
    hwgNotice:
      'Zu Risiken und Nebenwirkungen lesen Sie die Packungsbeilage und fragen Sie Ihre Ärztin, Ihren Arzt oder in Ihrer Apotheke.',

    home: 'Startseite',
    breadcrumb: 'Brotkrumennavigation',
    pagination: 'Seiten',
    previousPage: 'Vorherige Seite',
    nextPage: 'Nächste Seite',
    pageN: 'Seite {page}',

    searchTitle: '{term}: Produkte und Preise',
    searchDescription: '{count} Produkte für „{term}“ aus Partnerapotheken, geliefert in ca. 30 Minuten.',
    searchDescriptionNone: 'Suche nach „{term}“ im Apotheken-Shop, geliefert in ca. 30 Minuten.',
    searchHeading: 'Ergebnisse für „{term}“',
    searchResultCount: '{count} Produkte gefunden',
    searchResultCountOne: '1 Produkt gefunden',
    searchResultsShown: 'Die besten {shown} von {count} Produkten.',
    searchShowAll: 'Alle Ergebnisse für „{term}“ anzeigen',
    searchNoResults: 'Noch keine Produkte zu „{term}“. Versuchen Sie einen anderen Begriff oder stöbern Sie in den Kategorien.',
    searchFormLabel: 'Suche anpassen',
    searchLabel: 'Suchbegriff',
    searchPlaceholder: 'Produkt, Wirkstoff oder PZN',
    searchSubmit: 'Suchen',
  },
);

export type CatalogMessageKey = keyof (typeof catalogMessages)['en'];
