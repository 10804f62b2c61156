import { BlockList, isIP } from 'node:net';

/**
 * The client's IP address, which per-IP rate limits count against. Behind a reverse proxy the
 * socket's peer is the proxy, so every visitor would share one limit; the proxy names the client
 * in X-Forwarded-For, which anyone can also send, so it is believed only as far as TRUST_PROXY says:
 *
 * - unset or `false`: the socket's address; X-Forwarded-For is ignored.
 * - `true` or `1`: one proxy in front (the usual TLS terminator): the last X-Forwarded-For entry,
 *   the address the proxy saw. A number n: n proxies in a chain.
 * - a comma-separated list of addresses and CIDR ranges (`10.0.0.0/8, ::1`, `loopback` for
 *   127.0.0.0/8 and ::1): walking back from the socket, the first address not in the list.
 *
 * Entries that are not IP addresses end the walk at the last trustworthy address.
 */
export type TrustProxy = { kind: 'none' } | { kind: 'hops'; hops: number } | { kind: 'list'; trusted: BlockList };

const MAX_FORWARDED_ENTRIES = 32;

export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false' || text === '0') return { kind: 'none' };
  if (text === 'true') return { kind: 'hops', hops: 1 };
  if (/^\d+$/.test(text)) return { kind: 'hops', hops: Number(text) };
  const trusted = new BlockList();
  for (const entry of text.split(',').map((part) => part.trim()).filter(Boolean)) {
    if (entry === 'loopback') {
      trusted.addSubnet('127.0.0.0', 8, 'ipv4');
      trusted.addAddress('::1', 'ipv6');
      continue;
    }
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || (prefix !== undefined && !/^\d+$/.test(prefix))) {
      throw new Error(`TRUST_PROXY: "${entry}" is neither true/false, a number of proxies, nor an IP address or CIDR range`);
    }
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) trusted.addAddress(address, type);
    else trusted.addSubnet(address, Number(prefix), type);
  }
  return { kind: 'list', trusted };
}

/** "::ffff:192.0.2.1" → "192.0.2.1"; "192.0.2.1:4711" and "[2001:db8::1]:4711" lose the port. */
export function normalizeAddress(raw: string): string | null {
  let address = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(address);
  if (withPort) address = withPort[1]!;
  if (/^::ffff:\d{1,3}(?:\.\d{1,3}){3}$/i.test(address)) address = address.slice(7);
  return isIP(address) ? address.toLowerCase() : null;
}

const isTrusted = (list: BlockList, address: string) => list.check(address, isIP(address) === 4 ? 'ipv4' : 'ipv6');

export function clientAddress(socketAddress: string | undefined, forwardedFor: string | string[] | undefined, trust: TrustProxy): string | null {
  const socket = socketAddress ? normalizeAddress(socketAddress) : null;
  if (trust.kind === 'none' || socket === null) return socket;
  // Nearest hop first: the socket's peer, then X-Forwarded-For from its end.
  const forwarded = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .slice(-MAX_FORWARDED_ENTRIES)
    .reverse();
  let current = socket;
  for (let hop = 0; hop < forwarded.length; hop++) {
    const proxyTrusted = trust.kind === 'hops' ? hop < trust.hops : isTrusted(trust.trusted, current);
    if (!proxyTrusted) break;
    const next = normalizeAddress(forwarded[hop]!);
    if (next === null) break;
    current = next;
  }
  return current;
}
