// Public surface of the remote-config feature.
export {};
export * from './model/remote-config';
export { parseCliArgs, REMOTE_CONFIG_USAGE, type CliCommand } from './model/cli-args';
export { getRemoteConfig, remoteConfigEntries, setRemoteConfigValue, REMOTE_CONFIG_TOPIC, type RemoteConfigEntry } from './server/store';
export { createMaintenanceReader, FAILURE_RETRY_MS, type MaintenanceReader, type MaintenanceReaderOptions } from './server/maintenance-reader';
export { registerRemoteConfigRoutes, configCacheControl } from './server/routes';
export { registerRemoteConfigAdminRoutes } from './server/admin-routes';
