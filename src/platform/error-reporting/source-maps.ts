import type { PluginOption } from 'vite';

/**
 * Source maps for error reports (issue 10, §9): with SENTRY_AUTH_TOKEN, SENTRY_ORG and
 * SENTRY_PROJECT set, the build writes "hidden" maps (no sourceMappingURL comment in the shipped
 * files), uploads them to Sentry and deletes them from the build folder before anything serves it:
 * reports show the source, the public never gets it. Without them no map is written at all.
 */
export interface SourceMapEnv {
  SENTRY_AUTH_TOKEN?: string | undefined;
  SENTRY_ORG?: string | undefined;
  SENTRY_PROJECT?: string | undefined;
  /** A self-hosted Sentry; sentry.io when unset. */
  SENTRY_URL?: string | undefined;
}

export interface SourceMapBuild {
  sourcemap: false | 'hidden';
  plugins: PluginOption[];
}

/** Which settings upload (all three), or why not: a half-configured upload fails the build instead of silently skipping. */
export function sourceMapUploadWanted(env: SourceMapEnv): boolean {
  const given = [env.SENTRY_AUTH_TOKEN, env.SENTRY_ORG, env.SENTRY_PROJECT].filter((value) => value && value.trim() !== '');
  if (given.length === 0) return false;
  if (given.length < 3) throw new Error('Source map upload needs SENTRY_AUTH_TOKEN, SENTRY_ORG and SENTRY_PROJECT together');
  return true;
}

/** The build's source-map settings for the Vite config of astro.config.mjs. */
export async function sourceMapBuild(env: SourceMapEnv, outDir: string): Promise<SourceMapBuild> {
  if (!sourceMapUploadWanted(env)) return { sourcemap: false, plugins: [] };
  const { sentryVitePlugin } = await import('@sentry/vite-plugin');
  const maps = `${outDir.replace(/\/$/, '')}/**/*.map`;
  return {
    sourcemap: 'hidden',
    plugins: [
      sentryVitePlugin({
        org: env.SENTRY_ORG,
        project: env.SENTRY_PROJECT,
        authToken: env.SENTRY_AUTH_TOKEN,
        ...(env.SENTRY_URL ? { url: env.SENTRY_URL } : {}),
        telemetry: false,
        sourcemaps: { assets: [maps], filesToDeleteAfterUpload: [maps] },
      }),
    ],
  };
}
