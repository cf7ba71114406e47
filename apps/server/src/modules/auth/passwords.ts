import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id minimum (m=19 MiB, t=2, p=1): ~30 ms here, strong enough, cheap enough for tests.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * For an unknown e-mail we still verify against a real hash of the same cost, so the answer takes
 * as long as for a wrong password and timing reveals nothing about which e-mails have accounts.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('rota-dummy-password-for-equal-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}
