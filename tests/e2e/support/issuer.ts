import type { APIRequestContext } from '@playwright/test';
import { TEST_PORTS } from './ports';

/** Where the e2e test issuer listens and the client ids the shop is configured with (playwright.config.ts). */
export const TEST_ISSUER = `http://127.0.0.1:${TEST_PORTS.issuer}`;
export const SOCIAL_CLIENT_IDS = { google: 'e2e-google-client', apple: 'de.apobote.e2e', facebook: 'e2e-facebook-app' } as const;

/** Env for the shop server: every provider verified against the test issuer. */
export function socialEnv(): Record<string, string> {
  return {
    GOOGLE_CLIENT_ID: SOCIAL_CLIENT_IDS.google,
    GOOGLE_JWKS_URL: `${TEST_ISSUER}/jwks`,
    GOOGLE_ISSUER: TEST_ISSUER,
    APPLE_CLIENT_ID: SOCIAL_CLIENT_IDS.apple,
    APPLE_JWKS_URL: `${TEST_ISSUER}/jwks`,
    APPLE_ISSUER: TEST_ISSUER,
    FACEBOOK_APP_ID: SOCIAL_CLIENT_IDS.facebook,
    FACEBOOK_GRAPH_URL: `${TEST_ISSUER}/graph`,
  };
}

/** An ID token signed by the test issuer (like Google's or Apple's). */
export async function mintIdToken(request: APIRequestContext, claims: Record<string, unknown>): Promise<string> {
  const response = await request.post(`${TEST_ISSUER}/mint`, { data: claims });
  if (!response.ok()) throw new Error(`mint failed: ${response.status()}`);
  return ((await response.json()) as { idToken: string }).idToken;
}

/**
 * An ID token answering the page's authorization redirect to Google or Apple: it carries the
 * `nonce` of that redirect, as the provider would (the page sent Google its raw nonce and Apple the
 * SHA-256 of it; the shop checks each convention).
 */
export async function mintForAuthorize(request: APIRequestContext, authorize: URL, claims: Record<string, unknown>): Promise<string> {
  const nonce = authorize.searchParams.get('nonce');
  if (!nonce) throw new Error(`the authorization redirect carries no nonce: ${authorize.toString()}`);
  return mintIdToken(request, { ...claims, nonce });
}

/** Makes the issuer's Graph /me answer this profile for the access token. */
export async function registerFacebookToken(request: APIRequestContext, accessToken: string, profile: Record<string, unknown>): Promise<void> {
  const response = await request.post(`${TEST_ISSUER}/facebook/tokens`, { data: { accessToken, profile } });
  if (!response.ok()) throw new Error(`facebook token registration failed: ${response.status()}`);
}
