import type { AuthUser } from './types';

const optionalText = (value: unknown) =>
  value === undefined || value === null || typeof value === 'string';

/**
 * The user kept in storage, which this app wrote after checking the server's answer: a
 * structural check is enough here, and it keeps zod off the first load (the login page's budget).
 * A stored token is verified with the server on start anyway (spec §4).
 */
export function isStoredUser(value: unknown): value is AuthUser {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const user = value as Record<string, unknown>;
  return (
    typeof user.id === 'string' &&
    typeof user.email === 'string' &&
    user.email.includes('@') &&
    optionalText(user.name) &&
    optionalText(user.avatar)
  );
}
