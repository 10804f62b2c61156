// Public surface of the pharmacies feature.
export { importPharmacies, type PharmaciesImportReport } from './server/import-pharmacies';
export { registerPharmacyRoutes } from './server/routes';
export { isOpenAt, wallTime, type WeeklyHours, type Interval as OpeningInterval } from './model/opening-hours';
