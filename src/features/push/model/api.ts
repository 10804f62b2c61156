/** The push calls under the customer's API (/api + these paths), shared by the routes and the browser. */
export const PUSH_API = {
  key: '/v1/user/push/key',
  subscriptions: '/v1/user/push/subscriptions',
} as const;
