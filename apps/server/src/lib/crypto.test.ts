import { describe, expect, it } from 'vitest';
import {
  constantTimeEqual,
  decryptSecret,
  encryptSecret,
  randomToken,
  sha256Hex,
} from './crypto.js';

const key = Buffer.alloc(32, 1);

describe('stored secrets', () => {
  it('round-trips through AES-256-GCM with a fresh IV each time', () => {
    const a = encryptSecret('ghp_secret', key);
    const b = encryptSecret('ghp_secret', key);
    expect(a).not.toBe(b);
    expect(a).not.toContain('ghp_secret');
    expect(decryptSecret(a, key)).toBe('ghp_secret');
  });

  it('refuses tampered ciphertext and the wrong key', () => {
    const encoded = encryptSecret('value', key);
    const parts = encoded.split('.');
    parts[3] = Buffer.from('other').toString('base64url');
    expect(() => decryptSecret(parts.join('.'), key)).toThrow();
    expect(() => decryptSecret(encoded, Buffer.alloc(32, 2))).toThrow();
    expect(() => decryptSecret('v0.a.b.c', key)).toThrow('Unknown secret format');
  });
});

describe('tokens and hashes', () => {
  it('makes distinct URL-safe tokens and stable hashes', () => {
    const token = randomToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken()).not.toBe(token);
    expect(sha256Hex('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(constantTimeEqual('a', 'a')).toBe(true);
    expect(constantTimeEqual('a', 'ab')).toBe(false);
  });
});
