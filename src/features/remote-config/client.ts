// Browser door of the remote-config feature: the client with its fetch interval, timeout and defaults.
export { createRemoteConfigClient, toRemoteConfig, REMOTE_CONFIG_FETCH_INTERVAL_MS, REMOTE_CONFIG_FETCH_TIMEOUT_MS } from './browser/remote-config-client';
export type { RemoteConfigClientOptions } from './browser/remote-config-client';
// Types only: the schemas (full zod) stay on the server, which checks every value.
export type { RemoteConfigFieldCode, RemoteConfigFieldType } from './model/remote-config';
