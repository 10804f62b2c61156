/**
 * Whether a subscription's endpoint may be stored: the server POSTs to it later, so it must be an
 * https URL on a public host (no credentials, no IP literals of private ranges or loopback), or in
 * demo mode a loopback http URL (a push service stand-in on this machine, as in the tests).
 */
export function acceptablePushEndpoint(raw: string, options: { demoMode: boolean }): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const loopback = host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
  if (loopback) return options.demoMode && (url.protocol === 'http:' || url.protocol === 'https:');
  if (url.protocol !== 'https:') return false;
  if (!host.includes('.') && !host.includes(':')) return false;
  return !isPrivateAddress(host);
}

function isPrivateAddress(host: string): boolean {
  const v4 = /^(\d+)\.(\d+)\.\d+\.\d+$/.exec(host);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127);
  }
  if (host.includes(':')) return host === '::' || host.startsWith('fc') || host.startsWith('fd') || host.startsWith('fe80') || host.startsWith('::ffff:');
  return false;
}
