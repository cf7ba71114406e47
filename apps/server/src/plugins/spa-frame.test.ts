import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app.js';

// A web build with the signed-in pages' frame (apps/web/vite-app-frame.ts writes app-frame.html).
const webDist = mkdtempSync(path.join(tmpdir(), 'rota-web-frame-'));
mkdirSync(path.join(webDist, 'assets'));
const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';
const FRAME_HTML =
  '<!doctype html><html><body><div id="root"><header>Rota</header></div></body></html>';
writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
writeFileSync(path.join(webDist, 'app-frame.html'), FRAME_HTML);
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const ctx = useTestApp({ config: { webDistDir: webDist, workers: 0, analysisWaitMs: 0 } });

describe('the signed-in pages come with their frame painted in (issue 10 §5)', () => {
  it.each([
    '/',
    '/dashboard',
    '/projects',
    '/projects/p-1?tab=readme',
    '/settings',
    '/no/such/page',
  ])('%s gets the frame', async (url) => {
    const response = await ctx.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(FRAME_HTML);
  });

  it.each(['/login', '/register?next=%2Fprojects', '/auth/callback', '/analyze-full/p-1'])(
    '%s, outside the shell, gets the plain page',
    async (url) => {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX_HTML);
    },
  );
});
