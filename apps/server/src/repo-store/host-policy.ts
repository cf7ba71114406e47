import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a clone must never reach unless ALLOW_PRIVATE_HOSTS is set: the machine itself, private
 * networks, link-local (including cloud metadata at 169.254.169.254), carrier-grade NAT, multicast
 * and reserved ranges — the classic SSRF targets.
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
// IPv4-mapped (::ffff:a.b.c.d) addresses are unwrapped in isPrivateAddress and checked as IPv4:
// a ::ffff:0:0/96 rule here would make Node's BlockList match every IPv4 address.
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 6 && address.toLowerCase().startsWith('::ffff:')) {
    const mapped = address.slice(7);
    if (isIP(mapped) === 4) return blocked.check(mapped, 'ipv4');
  }
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export type Resolver = (host: string) => Promise<string[]>;

export const systemResolver: Resolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * Whether `host` may be cloned from: every address it resolves to must be public. A name that does
 * not resolve is refused too (git would fail anyway, later and less clearly).
 */
export async function checkHost(
  host: string,
  resolve: Resolver = systemResolver,
): Promise<'ok' | 'private' | 'unresolvable'> {
  // "[::1]:8443" → "::1"; "example.com:8443" → "example.com"; a bare IPv6 literal stays whole.
  const bare = host.startsWith('[')
    ? host.slice(1, host.indexOf(']'))
    : host.split(':').length === 2
      ? host.split(':')[0]!
      : host;
  let addresses: string[];
  try {
    addresses = isIP(bare) ? [bare] : await resolve(bare);
  } catch {
    return 'unresolvable';
  }
  if (addresses.length === 0) return 'unresolvable';
  return addresses.some(isPrivateAddress) ? 'private' : 'ok';
}
