import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '../../../src/platform/http/error-codes';
import { createShopServer } from '../../../src/platform/server/http-server';
import { currentRequestContext } from '../../../src/platform/server/request-context';

// Issue 15, defects 1 and 6 at the Node server: limits and refusals before Astro reads anything,
// each answered as { code, message } JSON.
const handled: string[] = [];
const logLines: string[] = [];
const server = createShopServer({
  clientDir: mkdtempSync(path.join(tmpdir(), 'apobote-client-')),
  csp: "default-src 'self'",
  hsts: false,
  maintenance: async () => ({ on: false, message: { en: '', de: '' } }),
  log: (line) => logLines.push(line),
  handler: (req, res) => {
    handled.push(`${req.method} ${req.url}`);
    // Reads the body like Astro would, then answers with what the server decided about the request.
    req.resume();
    req.on('end', () => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(currentRequestContext() ?? null)));
  },
});
let port = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
// Idle keep-alive sockets would hold close() for the server's 65 s keep-alive timeout.
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
);

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** A request whose body may promise more bytes than it sends (as an attacker's would). */
function request(options: { path: string; method?: string; headers?: Record<string, string>; body?: string }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: options.path, method: options.method ?? 'GET', headers: options.headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} }));
    });
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    // A declared body that never arrives in full: the answer must not wait for it.
    if (!options.headers?.['content-length'] || Number(options.headers['content-length']) === Buffer.byteLength(options.body ?? '')) req.end();
  });
}

/** Bytes straight onto a socket, for what an HTTP client library would refuse to send. */
function raw(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(text));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

const jsonOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;

describe('request limits of the shop server', () => {
  it('refuses a declared 300 MB body at once with 413, without reading it or calling Astro', async () => {
    handled.length = 0;
    const answer = await request({ path: '/api/v1/user/login', method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(300 * 1024 * 1024), 'accept-language': 'de' }, body: '{"email":' });
    expect(answer.status).toBe(413);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.headers.connection).toBe('close');
    expect(answer.body).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: errorMessages.de.PAYLOAD_TOO_LARGE });
    expect(handled).toEqual([]);
  });

  it('lets an API body within the JSON limit through; pages take no body at all', async () => {
    const small = JSON.stringify({ email: 'erika@example.de', password: 'x'.repeat(1000) });
    expect((await request({ path: '/api/v1/user/login', method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(small)) }, body: small })).status).toBe(200);
    const page = await request({ path: '/shop/', method: 'POST', headers: { 'content-type': 'text/plain', 'content-length': '5' }, body: 'hello' });
    expect(page).toMatchObject({ status: 413, body: { code: 'PAYLOAD_TOO_LARGE' } });
    const chunked = await raw('POST /shop/ HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n');
    expect(chunked).toMatch(/^HTTP\/1\.1 413 /);
  });

  it('refuses a URL over 8 KiB with 414 URI_TOO_LONG', async () => {
    const answer = await request({ path: `/shop/search/?q=${'a'.repeat(9000)}`, headers: { 'accept-language': 'de' } });
    expect(answer).toMatchObject({ status: 414, body: { code: 'URI_TOO_LONG', message: errorMessages.de.URI_TOO_LONG } });
  });

  it('answers headers over 16 KiB with 431 as JSON, where Node used to send an empty body', async () => {
    const answer = await raw(`GET /shop/ HTTP/1.1\r\nHost: x\r\nX-Filler: ${'a'.repeat(20 * 1024)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toMatch(/content-type: application\/json/i);
    expect(jsonOf(answer)).toEqual({ code: 'HEADERS_TOO_LARGE', message: errorMessages.en.HEADERS_TOO_LARGE });
  });

  it('answers a malformed request line or percent-encoding with 400 BAD_REQUEST as JSON', async () => {
    const garbage = await raw('HELLO THERE\r\n\r\n');
    expect(garbage).toMatch(/^HTTP\/1\.1 400 /);
    expect(jsonOf(garbage)).toMatchObject({ code: 'BAD_REQUEST' });
    for (const bad of ['/shop/%E0%A4%A', '/api/shop/v1/search?q=%ZZ']) {
      const answer = await request({ path: bad });
      expect(answer, bad).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST', message: errorMessages.en.BAD_REQUEST } });
    }
  });

  it('refuses a cross-site form riding on cookies to a page with 403 FORBIDDEN; lets API clients and same-site forms through', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '0', cookie: 'session=abc' };
    expect(await request({ path: '/shop/search/', method: 'POST', headers: { ...form, origin: 'https://evil.example' } })).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect((await request({ path: '/shop/search/', method: 'POST', headers: { ...form, origin: `http://127.0.0.1:${port}` } })).status).toBe(200);
    expect((await request({ path: '/api/v1/user/logout', method: 'POST', headers: { authorization: 'Bearer t' } })).status).toBe(200);
  });

  it('gives every request an id, in the answer, the request log and the context Astro and the API see', async () => {
    logLines.length = 0;
    const answer = await request({ path: '/api/health', headers: { 'x-request-id': 'chosen-by-the-client' } });
    const id = answer.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.body).toEqual({ requestId: id, clientAddress: '127.0.0.1' });
    await expect.poll(() => logLines.map((line) => JSON.parse(line) as { requestId: string }).some((line) => line.requestId === id)).toBe(true);
  });
});
