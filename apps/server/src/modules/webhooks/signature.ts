import { createHmac, timingSafeEqual } from 'node:crypto';

const PREFIX = 'sha256=';
const HEX_LENGTH = 64;

/** GitHub's X-Hub-Signature-256 of a body: `sha256=` + HMAC-SHA256 hex with the hook's secret. */
export function signBody(body: Buffer | string, secret: string): string {
  return PREFIX + createHmac('sha256', secret).update(body).digest('hex');
}

/** The header's digest bytes, or null when it is missing or not GitHub's format. */
export function parseSignature(header: string | string[] | undefined): Buffer | null {
  if (typeof header !== 'string' || !header.startsWith(PREFIX)) return null;
  const hex = header.slice(PREFIX.length);
  if (hex.length !== HEX_LENGTH || !/^[0-9a-f]+$/i.test(hex)) return null;
  return Buffer.from(hex, 'hex');
}

/**
 * Whether `signature` is the body's HMAC under any of `secrets` (a repository in several projects
 * has one hook, and secret, per project). Every secret is compared in constant time, and all of
 * them are tried, so the time taken says nothing about which one (if any) matched.
 */
export function signedByAny(body: Buffer, signature: Buffer, secrets: readonly string[]): boolean {
  let matched = false;
  for (const secret of secrets) {
    const expected = createHmac('sha256', secret).update(body).digest();
    if (timingSafeEqual(expected, signature)) matched = true;
  }
  return matched;
}
