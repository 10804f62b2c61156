import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { APPLE_PAY_DOMAIN_FILE, applePayDomainAssociation, paymentCspSources, PaymentConfigError } from '../../../src/platform/payments/select-gateway';
import { buildCsp } from '../../../src/platform/security/csp';
import { createShopServer } from '../../../src/platform/server/http-server';

/*
 * The payment provider at the shop server's edge, over HTTP as a browser meets it: the
 * Content-Security-Policy names Stripe's origins only when Stripe is configured, and Apple Pay's
 * domain association file is served where Apple looks for it when an operator configured it.
 */

const dir = mkdtempSync(path.join(tmpdir(), 'apobote-pay-'));
const servers: ReturnType<typeof createShopServer>[] = [];
afterAll(async () => {
  for (const server of servers) await new Promise<void>((resolve) => (server.close(() => resolve()), server.closeAllConnections()));
  rmSync(dir, { recursive: true, force: true });
});

async function start(env: NodeJS.ProcessEnv): Promise<string> {
  const association = applePayDomainAssociation(env);
  const server = createShopServer({
    clientDir: dir,
    csp: buildCsp(['sha256-abc'], paymentCspSources(env)),
    hsts: false,
    maintenance: async () => ({ on: false, message: { en: '', de: '' } }),
    wellKnown: association === null ? {} : { [APPLE_PAY_DOMAIN_FILE]: association },
    handler: (_req, res) => void res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found'),
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };

describe('the payment provider at the HTTP edge', () => {
  it("with Stripe: the CSP allows Stripe.js, its frames and its API, and Apple Pay's domain file is served", async () => {
    const file = path.join(dir, 'association');
    writeFileSync(file, '7B227073704964223A2239...demo-association');
    const base = await start({ ...STRIPE, STRIPE_APPLE_PAY_DOMAIN_FILE: file });
    const page = await fetch(`${base}/shop/checkout/`);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval' 'sha256-abc' https://js.stripe.com;");
    expect(csp).toContain("frame-src 'self' https://js.stripe.com https://hooks.stripe.com;");
    expect(csp).toContain("connect-src 'self' https://api.stripe.com;");
    const association = await fetch(`${base}/.well-known/apple-developer-merchantid-domain-association`);
    expect(association.status).toBe(200);
    expect(association.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await association.text()).toBe('7B227073704964223A2239...demo-association');
  });

  it('with the demo provider: no third-party origin and no domain file', async () => {
    const base = await start({ APOBOTE_MODE: 'demo' });
    const csp = (await fetch(`${base}/shop/checkout/`)).headers.get('content-security-policy') ?? '';
    expect(csp).not.toMatch(/stripe|frame-src|https:/);
    expect((await fetch(`${base}/.well-known/apple-developer-merchantid-domain-association`)).status).toBe(404);
  });

  it('refuses a configured domain file it cannot read, at start', () => {
    expect(() => applePayDomainAssociation({ STRIPE_APPLE_PAY_DOMAIN_FILE: path.join(dir, 'missing') })).toThrow(PaymentConfigError);
  });
});
