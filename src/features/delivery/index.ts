// The delivery feature (issue 12): couriers and their deliveries. The pharmacy hands a packed
// courier order to a courier (the order's pickup step), the courier app starts it, shares
// positions and ends it (delivered, with who received it, or nobody home), and the customer's
// tracking screen shows the courier on a map. Above orders: it moves orders only through the
// orders feature's state machine (applyOrderEvent).
export { registerDeliveryRoutes, type DeliveryRoutesOptions } from './server/routes';
// For the pharmacy back office and the staff page: who can take a parcel, and the handover itself
// (HTTP: GET /api/v1/pharmacy/couriers, POST /api/v1/pharmacy/orders/{id}/handover {courier_id}).
export { couriersForPharmacy, handOverToCourier, defaultDeliveryDeps, type DeliveryDeps } from './server/service';
// Courier steps and the customer's coordinates, for scripts and tests.
export { startDelivery, recordPosition, completeDelivery, nobodyHome, coordinatesForCustomer, courierDeliveries, type DeliveryCoordinates, type CourierDeliveryView } from './server/service';
export { mapTilesFromEnv, mapTileOrigin } from './server/settings';
export { seedDemoCourierFleet, demoCourierEmail, citySlug } from './server/seed-demo';
export { DEMO_COURIER_PASSWORD } from '../accounts';
export * from './model/public';
// "Nobody home" self-service: the missed delivery as the customer sees it, and their new window or pickup.
export { missedDeliveryFor, rebookMissedDelivery, type MissedDeliveryView } from './server/missed-delivery';
