import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app.js';

// A web build with its page frames and their table (apps/web/vite-app-frame.ts writes them from
// apps/web/src/app/page-frames.ts; the table here is that one's shape).
const webDist = mkdtempSync(path.join(tmpdir(), 'rota-web-frame-'));
mkdirSync(path.join(webDist, 'assets'));
const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';
const FRAME_HTML =
  '<!doctype html><html><body><div id="root"><header>Rota</header></div></body></html>';
writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
const REPORT_FRAME_HTML =
  '<!doctype html><html><body><div id="root"><header>Report</header></div></body></html>';
writeFileSync(path.join(webDist, 'app-frame.html'), FRAME_HTML);
writeFileSync(path.join(webDist, 'report-frame.html'), REPORT_FRAME_HTML);
const TABLE = [
  { paths: '^/analyze-full/', file: 'report-frame.html' },
  { paths: '^/(?:login|register|auth/)', file: null },
  { paths: '^/', file: 'app-frame.html' },
];
writeFileSync(path.join(webDist, 'page-frames.json'), JSON.stringify(TABLE));
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const ctx = useTestApp({ config: { webDistDir: webDist, workers: 0, analysisWaitMs: 0 } });

describe('pages come with the frame the web build gives them', () => {
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

  it('the full report gets its own frame', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/analyze-full/p-1' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(REPORT_FRAME_HTML);
  });

  it.each(['/login', '/register?next=%2Fprojects', '/auth/callback'])(
    '%s, outside the shell, gets the plain page',
    async (url) => {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX_HTML);
    },
  );
});
