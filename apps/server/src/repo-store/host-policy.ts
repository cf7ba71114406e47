import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Why an address may not be fetched from: the machine itself, a private network, link-local and
 * cloud metadata, or anything else that is not a public unicast address. Each reason has its own
 * message in the contracts (RepositoryHostMessages), so a refusal says which it was.
 */
export type BlockedReason = 'loopback' | 'private' | 'metadata' | 'reserved';

/** The classic SSRF targets, by reason; nothing here is reachable unless ALLOW_PRIVATE_HOSTS. */
const RANGES: Record<BlockedReason, { v4: Array<[string, number]>; v6: Array<[string, number]> }> =
  {
    // 0.0.0.0 and :: reach the local machine on Linux just as 127.0.0.1 does.
    loopback: {
      v4: [
        ['127.0.0.0', 8],
        ['0.0.0.0', 8],
      ],
      v6: [
        ['::1', 128],
        ['::', 128],
      ],
    },
    private: {
      v4: [
        ['10.0.0.0', 8],
        ['172.16.0.0', 12],
        ['192.168.0.0', 16],
        ['100.64.0.0', 10],
      ],
      v6: [['fc00::', 7]],
    },
    // 169.254.169.254 (AWS, GCP, Azure, …) lives in link-local; AWS's IPv6 endpoint is listed
    // before the private fc00::/7 it belongs to, so its refusal names it.
    metadata: {
      v4: [['169.254.0.0', 16]],
      v6: [
        ['fd00:ec2::254', 128],
        ['fe80::', 10],
      ],
    },
    reserved: {
      v4: [
        ['192.0.0.0', 24],
        ['198.18.0.0', 15],
        ['224.0.0.0', 4],
        ['240.0.0.0', 4],
      ],
      v6: [
        ['ff00::', 8],
        ['2001:db8::', 32],
      ],
    },
  };

const ORDER: BlockedReason[] = ['loopback', 'metadata', 'private', 'reserved'];
const lists = new Map<BlockedReason, BlockList>(
  ORDER.map((reason) => {
    const list = new BlockList();
    for (const [network, prefix] of RANGES[reason].v4) list.addSubnet(network, prefix, 'ipv4');
    // IPv4-mapped (::ffff:a.b.c.d) addresses are unwrapped below and checked as IPv4: a
    // ::ffff:0:0/96 rule here would make Node's BlockList match every IPv4 address.
    for (const [network, prefix] of RANGES[reason].v6) list.addSubnet(network, prefix, 'ipv6');
    return [reason, list];
  }),
);

/** Why `address` may not be fetched from, or null for a public address. Not an IP: reserved. */
export function blockedReason(address: string): BlockedReason | null {
  let family = isIP(address);
  if (family === 0) return 'reserved';
  let checked = address;
  if (family === 6 && address.toLowerCase().startsWith('::ffff:') && isIP(address.slice(7)) === 4) {
    checked = address.slice(7);
    family = 4;
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  return ORDER.find((reason) => lists.get(reason)!.check(checked, type)) ?? null;
}

export function isPrivateAddress(address: string): boolean {
  return blockedReason(address) !== null;
}

export type Resolver = (host: string) => Promise<string[]>;

/** How long a lookup may take before the host counts as unresolvable (a hung resolver). */
const LOOKUP_TIMEOUT_MS = 5000;

export const systemResolver: Resolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

export interface HostPolicy {
  resolver?: Resolver | undefined;
  /**
   * Which addresses are refused, and why. Tests replace it so that one loopback address can play a
   * public host and another a private one; production always uses `blockedReason`.
   */
  classify?: ((address: string) => BlockedReason | null) | undefined;
}

export type HostVerdict =
  | { verdict: 'ok'; host: string; port: number; addresses: string[] }
  | { verdict: 'refused'; host: string; address: string; reason: BlockedReason }
  | { verdict: 'unresolvable'; host: string };

/** "[::1]:8443" → ["::1", 8443]; "example.com" → ["example.com", 443]; a bare IPv6 stays whole. */
export function splitHostPort(hostWithPort: string): [string, number] {
  if (hostWithPort.startsWith('[')) {
    const end = hostWithPort.indexOf(']');
    const port = hostWithPort.slice(end + 2);
    return [hostWithPort.slice(1, end), port ? Number(port) : 443];
  }
  const parts = hostWithPort.split(':');
  if (parts.length === 2) return [parts[0]!, Number(parts[1])];
  return [hostWithPort, 443];
}

/**
 * Resolves `hostWithPort` once and decides whether it may be fetched from: every address must be
 * public (one private address among public ones is how DNS rebinding starts). The addresses are
 * returned so the fetch can be pinned to exactly them.
 */
export async function checkHost(
  hostWithPort: string,
  policy: HostPolicy = {},
): Promise<HostVerdict> {
  const [host, port] = splitHostPort(hostWithPort);
  const resolve = policy.resolver ?? systemResolver;
  const classify = policy.classify ?? blockedReason;
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await withTimeout(resolve(host), LOOKUP_TIMEOUT_MS);
  } catch {
    return { verdict: 'unresolvable', host };
  }
  if (addresses.length === 0) return { verdict: 'unresolvable', host };
  for (const address of addresses) {
    const reason = classify(address);
    if (reason) return { verdict: 'refused', host, address, reason };
  }
  return { verdict: 'ok', host, port, addresses };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`lookup timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
