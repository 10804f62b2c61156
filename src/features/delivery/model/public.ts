// The delivery feature's pure core (browser-safe).
export { BIKE_SPEED_KMH, POSITION_INTERVAL_MS, DETOUR_FACTOR, isValidPoint, distanceBetween, remainingKm, etaMinutes, pathKm, plausibleRoute, positionsAlong, seededRandom, type Point } from './geo';
export { RECEIVERS, isReceiver, DELIVERY_STATES, REBOOKINGS, DELIVERY_POSITION_EVENT, type Receiver, type DeliveryState, type Rebooking, type DeliveryPositionEventData } from './handover';
export { MISSED_DELIVERY_STATES, missedDeliveryState, canRebook, type MissedDeliveryState, type LatestDeliveryFacts } from './missed';
