// Public surface of the pharmacies feature.
export { importPharmacies, type PharmaciesImportReport } from './server/import-pharmacies';
export { registerPharmacyRoutes, type PharmacyRouteDeps } from './server/routes';
export { isOpenAt, nextOpeningAt, withHolidays, type WeeklyHours, type Interval as OpeningInterval } from './model/opening-hours';
export { LOW_STOCK_THRESHOLD, stockStatus, type StockStatus } from './model/stock-status';
export { MAX_PZNS_PER_REQUEST } from './model/pzn-list';
export { DELIVERY_OUTCOMES, type DeliveryOutcome } from './model/delivery-outcome';
export { deliversTo, type CourierZone } from './model/delivery-zone';
export { rankCandidates, type Candidate } from './model/choose-pharmacy';
export { servingPharmacy } from './server/delivery-area';
// How the cart and orders read pharmacies and their stock (never the tables), and the atomic
// take/return order placement and cancellation share.
export { activePharmacy, pharmaciesById, type PharmacyRow } from './server/queries';
export { stockAt, takeStock, returnStock } from './server/stock-store';
// "Available at my pharmacy" in the search feature's filtered listings.
export { availabilityAt } from './server/availability';
// The tables, for the start script's demo seeding and the benchmarks only.
export { pharmacies, stock } from './server/schema';
// For the price-list pages (static PDF endpoints) and their tests.
export { priceListStaticPaths, priceListResponse, priceListHref, type PriceListPageProps } from './server/price-list/price-list-pages';
export { buildPriceList, priceListPharmacies, type PriceList, type PriceListRow } from './server/price-list/price-list-model';
export { renderPriceList } from './server/price-list/render-price-list';
