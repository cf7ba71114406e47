import { isIPv4, isIPv6 } from 'node:net';

/**
 * The part of a client address that rate limits count. IPv4 addresses count one by one; IPv6
 * addresses count per /64, since one subscriber usually holds a whole /64 and could otherwise
 * rotate through 2^64 addresses, each with a fresh limit. IPv4-mapped IPv6 counts as IPv4.
 */
export function clientKey(ip: string): string {
  const address = ip.split('%')[0]!; // a zone index (fe80::1%eth0) is not part of the address
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(address)) return address;
  return `${expandIPv6(address).slice(0, 4).join(':')}::/64`;
}

/** The eight hextets of an IPv6 address, without leading zeros. */
function expandIPv6(address: string): string[] {
  let text = address.toLowerCase();
  // A trailing dotted quad (::1.2.3.4, 64:ff9b::1.2.3.4) is the last two hextets.
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => parseInt(group, 16).toString(16));
}
