// Browser-safe surface of the delivery feature: the pure model (geometry, ETA, handover kinds).
export * from './model/public';
