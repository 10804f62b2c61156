import { createHash } from 'node:crypto';

/**
 * Content-Security-Policy without any third-party origin unless one is configured. Inline scripts (Astro's island bootstrap,
 * the small vanilla scripts of the layout) are allowed by their SHA-256 hashes, collected from the
 * built HTML (see csp-integration.ts), never by 'unsafe-inline'.
 * Styles keep 'unsafe-inline': Astro inlines small stylesheets and sonner injects its own at run time;
 * style injection cannot run script.
 * 'wasm-unsafe-eval' lets our own WebAssembly compile (the prescription scanner's ZXing, loaded from
 * 'self' like every script); unlike 'unsafe-eval' it allows no eval() or new Function() of JavaScript.
 */
export function buildCsp(
  scriptHashes: readonly string[],
  extra: { connectSrc?: readonly string[]; scriptSrc?: readonly string[]; imgSrc?: readonly string[]; frameSrc?: readonly string[] } = {},
): string {
  // Third-party origins only when an operator configured such a service (platform/config/third-party.ts).
  const scriptSrc = ["'self'", "'wasm-unsafe-eval'", ...scriptHashes.map((hash) => `'${hash}'`), ...(extra.scriptSrc ?? [])].join(' ');
  const connectSrc = ["'self'", ...(extra.connectSrc ?? [])].join(' ');
  return [
    "default-src 'self'",
    `script-src ${scriptSrc}`,
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...(extra.imgSrc ?? [])].join(' '),
    "font-src 'self'",
    `connect-src ${connectSrc}`,
    // Frames fall back to default-src 'self' unless a provider's hosted fields need their own origin.
    ...(extra.frameSrc?.length ? [["frame-src 'self'", ...extra.frameSrc].join(' ')] : []),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "manifest-src 'self'",
    "worker-src 'self'",
  ].join('; ');
}

export function scriptHash(body: string): string {
  return `sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`;
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi;

/** Hashes of executable inline scripts in one HTML document (JSON-LD and other data blocks excluded). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    const type = /\btype=["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript' && type !== 'application/javascript') continue;
    if (body.length === 0) continue;
    hashes.push(scriptHash(body));
  }
  return hashes;
}
