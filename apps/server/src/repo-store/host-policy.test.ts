import { describe, expect, it } from 'vitest';
import { checkHost, isPrivateAddress } from './host-policy.js';

describe('isPrivateAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['::1', true],
    ['fe80::1', true],
    ['fd00::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:10.0.0.1', true],
    ['140.82.112.3', false],
    ['172.32.0.1', false],
    ['2606:4700::1111', false],
    ['not-an-ip', true],
  ])('%s → %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });
});

describe('checkHost', () => {
  // DNS is the one thing that cannot be reached here; a resolver double answers like a real one.
  const resolver = async (host: string) => {
    const table: Record<string, string[]> = {
      'github.com': ['140.82.112.3'],
      'rebind.example': ['140.82.112.3', '127.0.0.1'],
      'internal.example': ['10.0.0.5'],
    };
    const addresses = table[host];
    if (!addresses) throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
    return addresses;
  };

  it('allows hosts that resolve only to public addresses', async () => {
    expect(await checkHost('github.com', resolver)).toBe('ok');
    expect(await checkHost('github.com:443', resolver)).toBe('ok');
  });

  it('refuses a host when any address is private, and IP literals directly', async () => {
    expect(await checkHost('rebind.example', resolver)).toBe('private');
    expect(await checkHost('internal.example', resolver)).toBe('private');
    expect(await checkHost('169.254.169.254', resolver)).toBe('private');
    expect(await checkHost('[::1]', resolver)).toBe('private');
    expect(await checkHost('nowhere.example', resolver)).toBe('unresolvable');
  });
});
