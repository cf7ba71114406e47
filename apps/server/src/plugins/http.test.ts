import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, registerUser, uniqueEmail } from '../testing/auth-helpers.js';
import { useTestApp } from '../testing/test-app.js';

const webDist = mkdtempSync(path.join(tmpdir(), 'rota-web-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><title>Rota</title><div id="root"></div>',
);
writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log("rota")');
writeFileSync(path.join(webDist, 'assets', 'app-abc123.css'), 'body{margin:0}');
writeFileSync(
  path.join(webDist, 'assets', 'icon-abc123.svg'),
  '<svg xmlns="http://www.w3.org/2000/svg"/>',
);
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const ctx = useTestApp({ config: { webDistDir: webDist } });

describe('the API envelope and 404s', () => {
  it.each(['/api/nothing-here', '/api', '/analyze/api/nothing', '/webhook/unknown'])(
    'answers a JSON 404 for unknown API path %s',
    async (url) => {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    },
  );

  it('answers a JSON 404 for unknown API routes of any method', async () => {
    const response = await ctx.app.inject({ method: 'DELETE', url: '/api/auth/everything' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Route DELETE /api/auth/everything not found');
  });

  it('echoes a well-formed request id and replaces a malformed one', async () => {
    const kept = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'trace-42' },
    });
    expect(kept.headers['x-request-id']).toBe('trace-42');
    const replaced = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id with spaces <script>' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 413 for bodies over 1 MB and 415 for non-JSON bodies', async () => {
    const huge = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1_100_000) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    const xml = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('sets security headers and a strict script policy', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps JSON answers out of every cache: tokens, user data and errors alike', async () => {
    const { token } = await registerUser(ctx.app);
    const answers = await Promise.all([
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'Ayşe', email: uniqueEmail(), password: 'Sup3rSecret' },
      }),
      ctx.app.inject({ url: '/api/projects', headers: bearer(token) }),
      ctx.app.inject({ url: '/api/projects' }),
      ctx.app.inject({ url: '/api/auth/verify', headers: bearer(token) }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 200, 401, 200]);
    for (const answer of answers) {
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.headers['cache-control']).toBe('no-store');
    }
  });

  it('allows CORS only for the configured web origin', async () => {
    const allowed = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    const denied = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(denied.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('publishes the OpenAPI description', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/auth/register', '/api/health']),
    );
  });

  it('says clearly that GitHub sign-in is not configured', async () => {
    for (const url of ['/api/oauth/github', '/api/oauth/github/callback?code=x&state=y']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(503);
      expect(response.json().error.code).toBe('GITHUB_OAUTH_UNAVAILABLE');
      expect(response.json().error.message).toMatch(/^GitHub sign-in is not configured/);
    }
    const providers = await ctx.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(providers.json().data.github).toEqual({ enabled: false, reason: 'not_configured' });
  });
});

describe('serving the web app', () => {
  it.each(['/', '/dashboard', '/projects/123', '/analyze-full/abc', '/some/unknown/path'])(
    'answers index.html for the client route %s',
    async (url) => {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('gives pages, and only pages, a Permissions-Policy that turns off unused features', async () => {
    const page = await ctx.app.inject({ url: '/projects/123' });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const policy = String(page.headers['permissions-policy']);
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb'])
      expect(policy).toContain(`${feature}=()`);
    const docs = await ctx.app.inject({ url: '/api/docs' });
    expect(docs.headers['content-type']).toMatch(/^text\/html/);
    expect(docs.headers['permissions-policy']).toBe(policy);
    for (const url of ['/assets/app-abc123.js', '/api/health']) {
      const other = await ctx.app.inject({ url });
      expect(other.headers['permissions-policy']).toBeUndefined();
    }
  });

  it('serves fingerprinted assets with a long cache', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("rota")');
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it.each(['/assets/app-abc123.js', '/assets/app-abc123.css'])(
    '%s carries the headers that act on a script or style, not those of a document',
    async (url) => {
      const origin = 'http://localhost:3000'; // the test config's web origin: CORS answers it
      const response = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { origin, 'accept-encoding': 'br, gzip' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'cross-origin-resource-policy': 'same-origin',
        'referrer-policy': 'no-referrer',
        'strict-transport-security': expect.stringContaining('max-age='),
        'cache-control': 'public, max-age=31536000, immutable',
      });
      expect(response.headers['content-type']).toMatch(/^(application\/javascript|text\/css)/);
      for (const name of [
        'content-security-policy',
        'x-frame-options',
        'cross-origin-opener-policy',
        'access-control-allow-origin',
        'access-control-allow-credentials',
        'x-request-id',
        'last-modified',
      ]) {
        expect(response.headers, name).not.toHaveProperty(name);
      }
      expect(String(response.headers.vary ?? '')).not.toMatch(/origin/i);
    },
  );

  it.each(['/', '/projects/p-1', '/assets/icon-abc123.svg'])(
    '%s, a document (an SVG can be opened as one), keeps every security header',
    async (url) => {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    },
  );

  it.each(['/../../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/%E0%A4%A', '/assets/'])(
    'never serves anything outside the build for %s',
    async (url) => {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBeLessThan(500);
      expect(response.body).not.toContain('root:');
    },
  );
});
