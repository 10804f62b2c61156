// Public surface of the push feature (issue 10): the API registration and the one call other
// features make to notify a customer's devices. The sender itself is the platform's seam.
export { registerPushRoutes, type PushRoutesOptions } from './server/routes';
export { pushToUser } from './server/notify';
export { forgetSubscription } from './server/subscriptions';
