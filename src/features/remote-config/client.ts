// Browser door of the remote-config feature: the client with its fetch interval, timeout and defaults.
export { createRemoteConfigClient, toRemoteConfig, REMOTE_CONFIG_FETCH_INTERVAL_MS, REMOTE_CONFIG_FETCH_TIMEOUT_MS } from './browser/remote-config-client';
export type { RemoteConfigClientOptions } from './browser/remote-config-client';
// The keys' schemas, so the back office's form validates exactly as the server does.
export { parseRemoteConfigValue, isRemoteConfigKey, REMOTE_CONFIG_KEYS, type RemoteConfigFieldCode, type RemoteConfigFieldType } from './model/remote-config';
