/**
 * The cookie that binds an OAuth state to the browser that started the sign-in: a forged callback
 * link (login CSRF) carries a valid state but arrives in a browser without the matching key.
 * SameSite=Lax, because GitHub's redirect back is a top-level cross-site navigation.
 */
export const BROWSER_KEY_COOKIE = 'rota_oauth_key';
const COOKIE_PATH = '/api/oauth/github';

export function browserKeyCookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  const parts = [
    `${BROWSER_KEY_COOKIE}=${value}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

export function clearBrowserKeyCookie(secure: boolean): string {
  return browserKeyCookie('', 0, secure);
}

/** The browser key from a Cookie header (values are base64url, so no decoding is needed). */
export function readBrowserKey(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const [name, ...rest] = pair.trim().split('=');
    if (name === BROWSER_KEY_COOKIE) return rest.join('=') || undefined;
  }
  return undefined;
}
