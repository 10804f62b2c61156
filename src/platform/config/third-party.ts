/**
 * The optional third-party services (spec §7, issue 10), each switched on by configuration and
 * started in the browser only after the visitor's consent. Their origins join the
 * Content-Security-Policy only when configured (scripts/start.ts), so an unconfigured shop allows
 * no third-party origin at all.
 */
export interface ThirdPartyConfig {
  /** Tag manager script (marketing). */
  tagManagerUrl: string | null;
  /** Affiliate tracking script (marketing), e.g. Impact's universal tracking tag. */
  affiliateScriptUrl: string | null;
  /** Further origins the marketing scripts load from or send to (comma-separated). */
  marketingOrigins: string[];
  /** Error reporting (analytics category); tracesSampleRate is 1 (spec §9). */
  sentryDsn: string | null;
  sentryEnvironment: string;
}

function url(value: string | undefined, name: string): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    throw new Error(`${name} must be an absolute URL`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error(`${name} must be an http(s) URL`);
  return parsed.href;
}

export function thirdPartyConfig(env: NodeJS.ProcessEnv = process.env): ThirdPartyConfig {
  return {
    tagManagerUrl: url(env.TAG_MANAGER_URL, 'TAG_MANAGER_URL'),
    affiliateScriptUrl: url(env.AFFILIATE_SCRIPT_URL, 'AFFILIATE_SCRIPT_URL'),
    marketingOrigins: (env.MARKETING_ORIGINS ?? '')
      .split(',')
      .map((entry) => url(entry, 'MARKETING_ORIGINS'))
      .filter((entry): entry is string => entry !== null)
      .map((entry) => new URL(entry).origin),
    sentryDsn: url(env.SENTRY_DSN, 'SENTRY_DSN'),
    sentryEnvironment: env.SENTRY_ENVIRONMENT?.trim() || (env.NODE_ENV === 'production' ? 'production' : 'demo'),
  };
}

/** The origins the CSP must allow for the configured services: scripts, and where they send. */
export function thirdPartyCspSources(config: ThirdPartyConfig): { scriptSrc: string[]; connectSrc: string[]; imgSrc: string[] } {
  const origin = (href: string) => new URL(href).origin;
  const scripts = [config.tagManagerUrl, config.affiliateScriptUrl].filter((href): href is string => href !== null).map(origin);
  const marketing = [...new Set([...scripts, ...config.marketingOrigins])];
  const sentry = config.sentryDsn ? [origin(config.sentryDsn)] : [];
  // Tracking pixels are images: the marketing origins may serve those too.
  return { scriptSrc: marketing, connectSrc: [...new Set([...marketing, ...sentry])], imgSrc: marketing };
}
