import { describe, expect, it } from 'vitest';
import { loginPathFor, returnPathFrom, returnQuery, safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it.each([
    ['/projects', '/projects'],
    ['/projects/0b6f3a2e?tab=readme', '/projects/0b6f3a2e?tab=readme'],
    ['/projects/p-1?tab=readme&repo=r-2#top', '/projects/p-1?tab=readme&repo=r-2#top'],
    ['/analyze-full/p-1', '/analyze-full/p-1'],
    ['/settings', '/settings'],
    // Encoded slashes stay inside the path: still this site.
    ['/%2F%2Fevil.com', '/%2F%2Fevil.com'],
    // Dot segments are resolved, and cannot climb above the root.
    ['/projects/../settings', '/settings'],
    ['/../../etc', '/etc'],
  ])('keeps the same-origin path %s', (raw, expected) => {
    expect(safeReturnPath(raw)).toBe(expected);
  });

  it.each([
    ['another host, protocol-relative', '//evil.com'],
    ['another host, protocol-relative with a path', '//evil.com/projects'],
    ['another host behind a backslash', '/\\evil.com'],
    ['another host behind two backslashes', '\\\\evil.com'],
    ['a backslash later in the path', '/projects\\..\\..\\evil.com'],
    ['an absolute https URL', 'https://evil.com/login'],
    ['an absolute URL of this very shape', 'http://127.0.0.1:3107/projects'],
    ['a script URL', 'javascript:alert(1)'],
    ['a script URL with a leading space', ' javascript:alert(1)'],
    ['a data URL', 'data:text/html,<script>alert(1)</script>'],
    ['a tab that the URL parser would drop', '/\t/evil.com'],
    ['a newline', '/projects\n//evil.com'],
    ['a relative path', 'projects'],
    ['a query only', '?next=/projects'],
    ['an empty value', ''],
    ['the login page (it would only bounce)', '/login'],
    ['the login page with a query', '/login?next=/projects'],
    ['the register page', '/register/'],
    ['the GitHub callback', '/auth/callback?code=x'],
    ['an overlong value', `/${'a'.repeat(2048)}`],
  ])('refuses %s', (_label, raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });

  it('refuses a missing value', () => {
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
  });
});

describe('returnPathFrom', () => {
  it('reads next from the query, decoded once', () => {
    const search = new URLSearchParams('next=%2Fprojects%2Fp-1%3Ftab%3Dreadme');
    expect(returnPathFrom(search)).toBe('/projects/p-1?tab=readme');
  });

  it('falls back to the dashboard when next is missing or unsafe', () => {
    expect(returnPathFrom(new URLSearchParams())).toBe('/dashboard');
    expect(returnPathFrom(new URLSearchParams('next=%2F%2Fevil.com'))).toBe('/dashboard');
    expect(returnPathFrom(new URLSearchParams('next=https%3A%2F%2Fevil.com'))).toBe('/dashboard');
  });
});

describe('loginPathFor and returnQuery', () => {
  it('carries the page asked for, encoded, and reads back to the same path', () => {
    const login = loginPathFor('/projects/p-1?tab=readme');
    expect(login).toBe('/login?next=%2Fprojects%2Fp-1%3Ftab%3Dreadme');
    const query = new URL(login, 'https://rota.invalid').searchParams;
    expect(returnPathFrom(query)).toBe('/projects/p-1?tab=readme');
  });

  it('adds nothing for the default destination or an unsafe one', () => {
    expect(loginPathFor('/dashboard')).toBe('/login');
    expect(loginPathFor('/')).toBe('/login');
    expect(loginPathFor('//evil.com')).toBe('/login');
    expect(loginPathFor(null)).toBe('/login');
    expect(returnQuery('/login')).toBe('');
  });
});
