// Public surface of the orders feature: the lifecycle state machine and how statuses are shown
// (order routes and repositories join here in the next step).
export * from './model/public';
