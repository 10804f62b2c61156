import { describe, expect, it } from 'vitest';
import { buildEnv } from '../../../scripts/start/build-site';
import { serverConfig } from '../../../src/platform/config/env';

describe('the site build started by npm start', () => {
  it('bundles production React even when started from a test runner (NODE_ENV=test)', () => {
    expect(buildEnv({ NODE_ENV: 'test' }).NODE_ENV).toBe('production');
  });

  it('keeps the shop in the mode it was started in', () => {
    expect(serverConfig(buildEnv({ NODE_ENV: 'test' })).demoMode).toBe(true);
    expect(serverConfig(buildEnv({})).demoMode).toBe(true);
    expect(serverConfig(buildEnv({ NODE_ENV: 'production' })).demoMode).toBe(false);
    expect(serverConfig(buildEnv({ NODE_ENV: 'test', APOBOTE_MODE: 'production' })).demoMode).toBe(false);
  });
});
