import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, registerUser } from '../testing/auth-helpers.js';
import { createProject } from '../testing/project-helpers.js';
import { useTestApp } from '../testing/test-app.js';

// A web build as apps/web/vite-precompress.ts leaves it: each text file with its .br and .gz.
const webDist = mkdtempSync(path.join(tmpdir(), 'rota-web-compressed-'));
mkdirSync(path.join(webDist, 'assets'));
const INDEX_HTML = `<!doctype html><html><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i}`))};`;
function writeCompressed(relative: string, text: string): void {
  const file = path.join(webDist, relative);
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text));
}
writeCompressed('index.html', INDEX_HTML);
writeCompressed('assets/app-abc123.js', SCRIPT);
// Too small to gain from compression, so the build wrote no variants.
writeFileSync(path.join(webDist, 'assets', 'tiny-abc123.js'), 'export {};');
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const ctx = useTestApp({ config: { webDistDir: webDist, workers: 0, analysisWaitMs: 0 } });

const get = (url: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'GET',
    url,
    headers: {
      ...headers,
      ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
    },
  });

/** The body decoded once, by the encoding the answer names: a second layer would not decode to text. */
function decoded(response: Awaited<ReturnType<typeof get>>): string {
  const raw = response.rawPayload;
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(raw).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(raw).toString('utf8');
  expect(encoding).toBeUndefined();
  return raw.toString('utf8');
}

describe('the built web app goes precompressed, chosen by Accept-Encoding', () => {
  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
  ] as const)('Accept-Encoding %s gets %s', async (accept, expected) => {
    for (const [url, text] of [
      ['/assets/app-abc123.js', SCRIPT],
      ['/projects/123', INDEX_HTML], // a client route: index.html
      ['/', INDEX_HTML],
    ] as const) {
      const response = await get(url, accept);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(expected);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(decoded(response)).toBe(text);
    }
  });

  it('keeps content types and caching of the uncompressed files', async () => {
    const script = await get('/assets/app-abc123.js', 'br');
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.headers['cache-control']).toContain('immutable');
    const page = await get('/dashboard', 'gzip');
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('sends a file without variants as it is, not compressed again per request', async () => {
    const response = await get('/assets/tiny-abc123.js', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('export {};');
  });
});

describe('API answers are compressed when over 1 KB', () => {
  it.each([
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
  ] as const)('a large JSON answer with Accept-Encoding %s gets %s', async (accept, expected) => {
    const response = await get('/api/docs/json', accept);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(expected);
    if (expected) expect(response.headers.vary).toMatch(/accept-encoding/i);
    const text = decoded(response);
    expect(text.length).toBeGreaterThan(1024);
    expect(JSON.parse(text)).toHaveProperty('openapi');
  });

  it('leaves small answers and errors under 1 KB alone', async () => {
    for (const url of ['/api/health', '/api/does-not-exist']) {
      const response = await get(url, 'br, gzip');
      expect(response.body.length).toBeLessThan(1024);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(response.body)).toBeTypeOf('object');
    }
  });

  it('never compresses the job event stream (each event must reach the browser as it happens)', async () => {
    const user = await registerUser(ctx.app);
    const project = await createProject(ctx.app, user.token, {
      repos: [{ url: 'https://github.com/compression/stream' }],
    });
    const started = await get(
      `/api/projects/${project.id}/structure-analysis`,
      undefined,
      bearer(user.token),
    );
    const jobId = started.json().data.jobId as string;
    // A finished job: its stream sends the last state and ends, so the request returns.
    await ctx.app.inject({
      method: 'POST',
      url: `/api/jobs/${jobId}/cancel`,
      headers: bearer(user.token),
    });
    const events = await get(`/api/jobs/${jobId}/events`, 'br, gzip', bearer(user.token));
    expect(events.statusCode).toBe(200);
    expect(events.headers['content-type']).toMatch(/text\/event-stream/);
    expect(events.headers['content-encoding']).toBeUndefined();
    expect(events.body).toContain('event: job');
    expect(events.body).toContain('event: end');
  });
});
