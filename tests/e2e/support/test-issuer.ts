/**
 * The e2e stand-in for Apple, Google and Facebook, started by playwright.config.ts as a second web
 * server on base + 1 of TEST_PORT_BASE (support/ports.ts; the shop's env points its JWKS, issuer and Graph URLs here). Besides the
 * provider endpoints it has two test-only calls: POST /mint signs an ID token with its key, and
 * POST /facebook/tokens registers an access token with the profile /graph/me should answer.
 * Minted tokens carry a fresh `jti` (as Google's do; send `"jti": null` to leave it out, as Apple's)
 * and the `nonce` the test copies from the page's authorization redirect (see support/issuer.ts).
 * Run: tsx tests/e2e/support/test-issuer.ts.
 */
import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import http from 'node:http';
import { TEST_PORTS } from './ports';

const port = TEST_PORTS.issuer;
const origin = `http://127.0.0.1:${port}`;
const KID = 'e2e-key-1';
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const jwk = { ...publicKey.export({ format: 'jwk' }), kid: KID, alg: 'RS256', use: 'sig' };
const facebookTokens = new Map<string, Record<string, unknown>>();

const b64 = (value: Buffer | string) => (typeof value === 'string' ? Buffer.from(value) : value).toString('base64url');

function mint(claims: Record<string, unknown>): string {
  const now = Math.floor(Date.now() / 1000);
  const header = b64(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: KID }));
  // A null claim is left out (JSON has no undefined), so a test can drop a default such as jti.
  const all = Object.fromEntries(Object.entries({ iss: origin, iat: now, exp: now + 600, jti: randomUUID(), ...claims }).filter(([, value]) => value !== null));
  const payload = b64(JSON.stringify(all));
  return `${header}.${payload}.${b64(sign('sha256', Buffer.from(`${header}.${payload}`), privateKey))}`;
}

async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
}

const server = http.createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', origin);
  const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  try {
    if (req.method === 'GET' && url.pathname === '/health') return send(200, { ok: true });
    if (req.method === 'GET' && url.pathname === '/jwks') return send(200, { keys: [jwk] });
    if (req.method === 'POST' && url.pathname === '/mint') return send(200, { idToken: mint(await readJson(req)) });
    if (req.method === 'POST' && url.pathname === '/facebook/tokens') {
      const { accessToken, profile } = await readJson(req);
      if (typeof accessToken !== 'string' || typeof profile !== 'object' || profile === null) return send(400, { error: 'accessToken and profile required' });
      facebookTokens.set(accessToken, profile as Record<string, unknown>);
      return send(201, { ok: true });
    }
    if (req.method === 'GET' && url.pathname === '/graph/me') {
      const profile = facebookTokens.get(url.searchParams.get('access_token') ?? '');
      if (!profile) return send(400, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });
      const fields = (url.searchParams.get('fields') ?? '').split(',');
      return send(200, Object.fromEntries(Object.entries(profile).filter(([key]) => fields.includes(key))));
    }
    return send(404, { error: 'not found' });
  } catch (error) {
    return send(500, { error: String(error) });
  }
});

server.listen(port, '127.0.0.1', () => console.log(`test issuer on ${origin}`));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
