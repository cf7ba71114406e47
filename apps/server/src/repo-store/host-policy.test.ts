import { describe, expect, it, vi } from 'vitest';
import { blockedReason, checkHost, isPrivateAddress } from './host-policy.js';

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

  const verdictOf = async (host: string) => (await checkHost(host, { resolver })).verdict;

  it('allows hosts that resolve only to public addresses, and returns them for pinning', async () => {
    expect(await checkHost('github.com', { resolver })).toEqual({
      verdict: 'ok',
      host: 'github.com',
      port: 443,
      addresses: ['140.82.112.3'],
    });
    expect(await checkHost('github.com:8443', { resolver })).toMatchObject({ port: 8443 });
  });

  it('refuses a host when any address is private, with the reason, and IP literals directly', async () => {
    expect(await checkHost('rebind.example', { resolver })).toMatchObject({
      verdict: 'refused',
      address: '127.0.0.1',
      reason: 'loopback',
    });
    expect(await checkHost('internal.example', { resolver })).toMatchObject({ reason: 'private' });
    expect(await checkHost('169.254.169.254', { resolver })).toMatchObject({ reason: 'metadata' });
    expect(await checkHost('[::1]', { resolver })).toMatchObject({ reason: 'loopback' });
    expect(await verdictOf('nowhere.example')).toBe('unresolvable');
  });

  it('treats a resolver that never answers as unresolvable, not as allowed', async () => {
    const hung = () => new Promise<string[]>(() => undefined);
    vi.useFakeTimers();
    const pending = checkHost('slow.example', { resolver: hung });
    await vi.advanceTimersByTimeAsync(6000);
    vi.useRealTimers();
    expect((await pending).verdict).toBe('unresolvable');
  });
});

describe('blockedReason', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['0.0.0.0', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['100.64.0.1', 'private'],
    ['fd00::1', 'private'],
    ['169.254.169.254', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['fe80::1', 'metadata'],
    ['224.0.0.1', 'reserved'],
    ['not-an-ip', 'reserved'],
    ['140.82.112.3', null],
  ])('%s → %s', (address, reason) => {
    expect(blockedReason(address)).toBe(reason);
  });
});
