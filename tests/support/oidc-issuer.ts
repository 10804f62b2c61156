import { createHmac, generateKeyPairSync, randomUUID, sign, type JsonWebKey, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in identity provider on 127.0.0.1 for tests: serves a JWKS (like Apple's and Google's
 * key endpoints), mints RS256 ID tokens with its key (or a rogue key, for bad signatures), and
 * answers a Facebook-style Graph `/me` for access tokens registered beforehand. Each token gets a
 * fresh `jti` (as Google's do) unless the claims set one, or `jti: undefined` to leave it out (as
 * Apple's); `nonce` is whatever the claims say.
 */
export interface OidcIssuer {
  issuer: string;
  jwksUrl: string;
  /** Use as FACEBOOK_GRAPH_URL; the profile is served at `${graphUrl}/me`. */
  graphUrl: string;
  mintIdToken(claims: Record<string, unknown>, options?: { rogueKey?: boolean; kid?: string }): string;
  /**
   * `appSecret`: the secret of the app the token was issued to. As at Facebook, a call with an
   * appsecret_proof made with another secret is refused; a call without a proof is answered.
   */
  registerFacebookToken(accessToken: string, profile: Record<string, unknown>, options?: { appSecret?: string }): void;
  /** Query strings the Graph endpoint received (to check fields and appsecret_proof). */
  graphRequests: URLSearchParams[];
  close(): Promise<void>;
}

function base64url(value: Buffer | string) {
  return (typeof value === 'string' ? Buffer.from(value) : value).toString('base64url');
}

function keyPair(kid: string): { privateKey: KeyObject; jwk: JsonWebKey } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { privateKey, jwk: { ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' } };
}

export async function startOidcIssuer(): Promise<OidcIssuer> {
  const good = keyPair('test-key-1');
  const rogue = keyPair('test-key-1');
  const facebookTokens = new Map<string, { profile: Record<string, unknown>; appSecret: string | undefined }>();
  const graphRequests: URLSearchParams[] = [];

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (url.pathname === '/jwks') return send(200, { keys: [good.jwk] });
    if (url.pathname === '/graph/me') {
      graphRequests.push(url.searchParams);
      const accessToken = url.searchParams.get('access_token') ?? '';
      const registered = facebookTokens.get(accessToken);
      if (!registered) return send(400, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });
      const proof = url.searchParams.get('appsecret_proof');
      if (proof !== null && proof !== createHmac('sha256', registered.appSecret ?? '').update(accessToken).digest('hex')) {
        return send(400, { error: { message: 'Invalid appsecret_proof provided in the API argument', type: 'GraphMethodException', code: 100 } });
      }
      const { profile } = registered;
      const fields = (url.searchParams.get('fields') ?? '').split(',');
      return send(200, Object.fromEntries(Object.entries(profile).filter(([key]) => fields.includes(key))));
    }
    return send(404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    issuer: origin,
    jwksUrl: `${origin}/jwks`,
    graphUrl: `${origin}/graph`,
    graphRequests,
    mintIdToken(claims, options = {}) {
      const now = Math.floor(Date.now() / 1000);
      const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: options.kid ?? 'test-key-1' }));
      const payload = base64url(JSON.stringify({ iss: origin, iat: now, exp: now + 600, jti: randomUUID(), ...claims }));
      const signature = sign('sha256', Buffer.from(`${header}.${payload}`), (options.rogueKey ? rogue : good).privateKey);
      return `${header}.${payload}.${base64url(signature)}`;
    },
    registerFacebookToken(accessToken, profile, options = {}) {
      facebookTokens.set(accessToken, { profile, appSecret: options.appSecret });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
