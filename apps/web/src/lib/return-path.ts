/**
 * Where a visitor goes after signing in: the page they asked for while signed out, carried in the
 * login URL as `?next=`. The value comes from the address bar, so anyone can write it; only a path
 * on this site is ever followed, never another origin or a script URL (an open redirect would let a
 * link on our domain send users to a look-alike login page).
 */
export const RETURN_PARAM = 'next';
export const DEFAULT_RETURN_PATH = '/dashboard';

// Longer than any real route; a giant value is an attack or an accident either way.
const MAX_LENGTH = 2048;
// Tabs and newlines are dropped by the URL parser ("/\t/evil.com" becomes "//evil.com"), and
// other control characters have no place in a path either.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
// The sign-in pages themselves: returning to them after signing in would only bounce.
const SIGN_IN_PATHS = new Set(['/login', '/register', '/auth/callback']);
// Any origin will do: it is only there to see whether the value would leave it.
const PROBE_ORIGIN = 'https://rota.invalid';

/**
 * The same-origin path (with its query and hash) a `next` value names, or null when it names
 * anything else: another host (`//evil.com`, `/\evil.com`, `https://…`), a scheme (`javascript:`),
 * a relative path, control characters, or a sign-in page.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_LENGTH) return null;
  // Browsers read "\" as "/" in http(s) URLs, so "/\evil.com" is "//evil.com": no backslashes at all.
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  if (CONTROL_CHARACTERS.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch (_error) {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  if (SIGN_IN_PATHS.has(url.pathname.replace(/\/+$/, '') || '/')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where to go after signing in, given the login page's query string. */
export function returnPathFrom(search: URLSearchParams): string {
  return safeReturnPath(search.get(RETURN_PARAM)) ?? DEFAULT_RETURN_PATH;
}

/** `?next=…` for a sign-in page's URL, or '' when the destination is the default anyway. */
export function returnQuery(path: string | null | undefined): string {
  const safe = safeReturnPath(path);
  if (!safe || safe === '/' || safe === DEFAULT_RETURN_PATH) return '';
  return `?${new URLSearchParams({ [RETURN_PARAM]: safe }).toString()}`;
}

/** The login page's URL that brings the visitor back to `path` afterwards. */
export function loginPathFor(path: string | null | undefined): string {
  return `/login${returnQuery(path)}`;
}
