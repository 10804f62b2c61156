import { createHmac } from 'node:crypto';
import { ID_TOKEN_LEEWAY_SECONDS, JwksUnavailableError } from '../../../platform/auth';
import { MINIMUM_AGE } from '../model/age';
import type { ServiceContext } from './deps';
import type { AccountResult } from './http';
import type { GraphProviderConfig, OidcProviderConfig, SocialProvider } from './social-config';
import type { IdTokenUse } from './social-replay';
import { idTokenReplayKey, nonceMatches, replayGuardUntil, signingInputOf } from './social-token-checks';

/** A person as the provider vouches for them. */
export interface SocialProfile {
  provider: SocialProvider;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  /** true/false when the provider tells the age bracket (Facebook), null when it does not. */
  adult: boolean | null;
  /** Apple/Google: the verified ID token, for the replay guard (single use within its lifetime). */
  tokenUse?: IdTokenUse;
}

const INVALID = { ok: false, code: 'SOCIAL_TOKEN_INVALID' } as const;
const UNAVAILABLE = { ok: false, code: 'GENERIC_ERROR', status: 502 } as const;

const str = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * Apple and Google: the ID token is verified here, against the provider's published keys, and must
 * carry the nonce of the sign-in the page started (`rawNonce`, in the provider's convention).
 */
export async function oidcProfile(
  ctx: ServiceContext,
  provider: 'apple' | 'google',
  config: OidcProviderConfig,
  idToken: string,
  rawNonce: string | undefined,
): Promise<AccountResult<SocialProfile>> {
  // A token without the page's nonce may have been lifted from elsewhere: same answer as a bad one.
  if (!rawNonce) return { ...INVALID };
  let result;
  try {
    result = await ctx.deps.jwks.verifyIdToken(idToken, config.jwksUrl, {
      issuers: config.issuers,
      audiences: config.clientIds,
      nowSeconds: Math.floor(ctx.clock.now().getTime() / 1000),
      leewaySeconds: ID_TOKEN_LEEWAY_SECONDS,
    });
  } catch (error) {
    if (error instanceof JwksUnavailableError) {
      console.error(JSON.stringify({ level: 'error', msg: 'identity provider keys unavailable', provider, error: error.message }));
      return { ...UNAVAILABLE };
    }
    throw error;
  }
  if (!result.ok) return { ...INVALID };
  const { claims } = result;
  if (!nonceMatches(provider, rawNonce, claims.nonce)) return { ...INVALID };
  const guardUntil = replayGuardUntil(claims, ID_TOKEN_LEEWAY_SECONDS);
  if (!guardUntil) return { ...INVALID };
  // Apple sends email_verified as the string "true".
  const emailVerified = claims.email_verified === true || claims.email_verified === 'true';
  return {
    ok: true,
    value: {
      provider,
      subject: String(claims.sub),
      email: str(claims.email)?.toLowerCase() ?? null,
      emailVerified,
      firstName: str(claims.given_name),
      lastName: str(claims.family_name),
      adult: null,
      tokenUse: { provider, key: idTokenReplayKey(provider, claims, signingInputOf(idToken)), guardUntil },
    },
  };
}

interface GraphMe {
  id?: unknown;
  email?: unknown;
  first_name?: unknown;
  last_name?: unknown;
  name?: unknown;
  age_range?: { min?: unknown; max?: unknown };
}

/** Facebook: the access token is exchanged for the profile at the Graph API (spec §7). */
export async function facebookProfile(ctx: ServiceContext, config: GraphProviderConfig, accessToken: string): Promise<AccountResult<SocialProfile>> {
  const url = new URL(`${config.graphUrl}/me`);
  url.searchParams.set('fields', 'id,name,first_name,last_name,email,age_range');
  url.searchParams.set('access_token', accessToken);
  if (config.appSecret) url.searchParams.set('appsecret_proof', createHmac('sha256', config.appSecret).update(accessToken).digest('hex'));
  let response: Response;
  try {
    response = await ctx.deps.fetch(url.toString(), { signal: AbortSignal.timeout(5000), headers: { accept: 'application/json' } });
  } catch (error) {
    console.error(JSON.stringify({ level: 'error', msg: 'facebook graph unreachable', error: String(error) }));
    return { ...UNAVAILABLE };
  }
  if (response.status >= 500) return { ...UNAVAILABLE };
  const me = (await response.json().catch(() => null)) as GraphMe | null;
  if (!response.ok || !me || typeof me.id !== 'string' || !me.id) return { ...INVALID };
  const min = typeof me.age_range?.min === 'number' ? me.age_range.min : null;
  const max = typeof me.age_range?.max === 'number' ? me.age_range.max : null;
  // Facebook's brackets are 13-17, 18-20 and 21+; anything else says nothing about adulthood.
  const adult = min !== null && min >= MINIMUM_AGE ? true : max !== null && max < MINIMUM_AGE ? false : null;
  const [first, ...rest] = (str(me.name) ?? '').split(' ');
  return {
    ok: true,
    value: {
      provider: 'facebook',
      subject: me.id,
      // Facebook only hands out confirmed addresses.
      email: str(me.email)?.toLowerCase() ?? null,
      emailVerified: str(me.email) !== null,
      firstName: str(me.first_name) ?? (first || null),
      lastName: str(me.last_name) ?? (rest.join(' ') || null),
      adult,
    },
  };
}
