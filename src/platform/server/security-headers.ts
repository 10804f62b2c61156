import type { ServerResponse } from 'node:http';

export interface SecurityHeaderOptions {
  csp: string;
  /** Only behind HTTPS (a proxy terminating TLS): tells browsers to never use plain HTTP again. */
  hsts: boolean;
}

export function applySecurityHeaders(res: ServerResponse, options: SecurityHeaderOptions): void {
  res.setHeader('Content-Security-Policy', options.csp);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
  // Geolocation is used by the shop itself (nearest pharmacy); nothing else is granted.
  res.setHeader('Permissions-Policy', 'geolocation=(self), camera=(), microphone=(), payment=(self), usb=(), interest-cohort=()');
  if (options.hsts) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
}

/** Cache policy by path: hashed build assets forever, other static files a day, pages revalidate. */
export function cacheControlFor(pathname: string): string | undefined {
  if (pathname.startsWith('/_astro/')) return 'public, max-age=31536000, immutable';
  if (pathname.startsWith('/api/')) return undefined; // routes decide
  if (/\.(woff2|svg|png|jpe?g|webp|avif|ico)$/.test(pathname)) return 'public, max-age=86400';
  return 'public, max-age=0, must-revalidate';
}
