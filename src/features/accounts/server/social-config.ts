import { AuthConfigError } from '../../../platform/auth';
import { serverConfig } from '../../../platform/config/env';

export type SocialProvider = 'apple' | 'google' | 'facebook';
export const SOCIAL_PROVIDERS: readonly SocialProvider[] = ['apple', 'google', 'facebook'];

export interface OidcProviderConfig {
  kind: 'oidc';
  /** Accepted audiences; the first is the one the web client uses. */
  clientIds: string[];
  jwksUrl: string;
  issuers: string[];
}

export interface GraphProviderConfig {
  kind: 'graph';
  appId: string;
  /** Base URL of the Graph API; the profile is read from `${graphUrl}/me`. */
  graphUrl: string;
  /**
   * Calls carry appsecret_proof, so Facebook refuses tokens issued to other apps. Required in
   * production mode (see assertSocialConfig); the demo's stand-in provider runs without it.
   */
  appSecret: string | undefined;
}

const list = (value: string | undefined) => (value ?? '').split(',').map((part) => part.trim()).filter(Boolean);

/**
 * Sign-in providers from the environment. A provider without a client id is switched off: its
 * endpoint answers 404 and GET /api/v1/auth/providers leaves it out, so the UI hides its button.
 */
export function socialConfig(env: NodeJS.ProcessEnv): { apple?: OidcProviderConfig; google?: OidcProviderConfig; facebook?: GraphProviderConfig } {
  const config: { apple?: OidcProviderConfig; google?: OidcProviderConfig; facebook?: GraphProviderConfig } = {};
  const appleIds = list(env.APPLE_CLIENT_ID);
  if (appleIds.length) {
    config.apple = {
      kind: 'oidc',
      clientIds: appleIds,
      jwksUrl: env.APPLE_JWKS_URL || 'https://appleid.apple.com/auth/keys',
      issuers: list(env.APPLE_ISSUER || 'https://appleid.apple.com'),
    };
  }
  const googleIds = list(env.GOOGLE_CLIENT_ID);
  if (googleIds.length) {
    config.google = {
      kind: 'oidc',
      clientIds: googleIds,
      jwksUrl: env.GOOGLE_JWKS_URL || 'https://www.googleapis.com/oauth2/v3/certs',
      // Google signs with either spelling of its issuer.
      issuers: list(env.GOOGLE_ISSUER || 'https://accounts.google.com,accounts.google.com'),
    };
  }
  if (env.FACEBOOK_APP_ID) {
    config.facebook = {
      kind: 'graph',
      appId: env.FACEBOOK_APP_ID,
      graphUrl: (env.FACEBOOK_GRAPH_URL || 'https://graph.facebook.com/v21.0').replace(/\/+$/, ''),
      appSecret: env.FACEBOOK_APP_SECRET || undefined,
    };
  }
  return config;
}

/** What the login screen needs to show and start each configured provider. */
export function publicProviders(env: NodeJS.ProcessEnv): { id: SocialProvider; clientId: string }[] {
  const config = socialConfig(env);
  const providers: { id: SocialProvider; clientId: string }[] = [];
  if (config.apple?.clientIds[0]) providers.push({ id: 'apple', clientId: config.apple.clientIds[0] });
  if (config.google?.clientIds[0]) providers.push({ id: 'google', clientId: config.google.clientIds[0] });
  if (config.facebook) providers.push({ id: 'facebook', clientId: config.facebook.appId });
  return providers;
}

/**
 * Start-up check: without its app secret a Facebook access token of *any* app would read a profile,
 * so any site a person ever used "Log in with Facebook" on could sign in as them here.
 */
export function assertSocialConfig(env: NodeJS.ProcessEnv = process.env): void {
  if (env.FACEBOOK_APP_ID && !env.FACEBOOK_APP_SECRET && !serverConfig(env).demoMode) {
    throw new AuthConfigError('FACEBOOK_APP_SECRET must be set with FACEBOOK_APP_ID in production mode (APOBOTE_MODE=production)');
  }
}
