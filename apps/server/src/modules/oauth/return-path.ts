/**
 * The page to return to after GitHub sign-in, as the login page passed it (`?next=`). Only a plain
 * same-site path survives; the web checks it again (apps/web/src/lib/return-path.ts) before following.
 */
const MAX_LENGTH = 2048;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

export function safeServerReturnPath(raw: string | undefined): string | null {
  if (!raw || raw.length > MAX_LENGTH) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  if (CONTROL_CHARACTERS.test(raw)) return null;
  return raw;
}
