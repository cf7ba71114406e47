import { describe, expect, it } from 'vitest';
import { clientKey } from './client-key.js';

describe('clientKey', () => {
  it('counts IPv4 addresses one by one', () => {
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('203.0.113.10')).toBe('203.0.113.10');
  });

  it('counts IPv4-mapped IPv6 as the IPv4 address', () => {
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('::FFFF:203.0.113.9')).toBe('203.0.113.9');
  });

  it('counts one IPv6 /64 as one client, however its addresses are written', () => {
    const key = clientKey('2001:db8:85a3:1::1');
    expect(key).toBe('2001:db8:85a3:1::/64');
    expect(clientKey('2001:0db8:85a3:0001:ffff:ffff:ffff:ffff')).toBe(key);
    expect(clientKey('2001:db8:85a3:1:abcd::')).toBe(key);
    expect(clientKey('2001:db8:85a3:1::1%eth0')).toBe(key);
    expect(clientKey('2001:db8:85a3:2::1')).not.toBe(key);
  });

  it('expands the short forms', () => {
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1')).toBe('fe80:0:0:0::/64');
    expect(clientKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });

  it('leaves anything else as it is', () => {
    expect(clientKey('unknown')).toBe('unknown');
  });
});
