import { describe, expect, it } from 'vitest';
import { sourceMapBuild, sourceMapUploadWanted } from '../../../src/platform/error-reporting/source-maps';

const SENTRY = { SENTRY_AUTH_TOKEN: 'sntrys_test', SENTRY_ORG: 'apobote', SENTRY_PROJECT: 'shop' };

describe('source maps for error reports', () => {
  it('are not written at all without the upload settings', async () => {
    expect(await sourceMapBuild({}, './dist')).toEqual({ sourcemap: false, plugins: [] });
  });

  it('with all three settings are hidden maps, uploaded and then deleted from the build folder', async () => {
    const build = await sourceMapBuild(SENTRY, './dist/');
    expect(build.sourcemap).toBe('hidden');
    const names = (build.plugins.flat(5) as { name?: string }[]).map((plugin) => plugin?.name ?? '');
    expect(names.some((name) => /sentry/i.test(name))).toBe(true);
  });

  it('refuse a half configuration instead of building without maps unnoticed', () => {
    expect(() => sourceMapUploadWanted({ SENTRY_AUTH_TOKEN: 'sntrys_test' })).toThrow(/SENTRY_ORG/);
    expect(sourceMapUploadWanted({ SENTRY_AUTH_TOKEN: ' ', SENTRY_ORG: '', SENTRY_PROJECT: undefined })).toBe(false);
  });
});
