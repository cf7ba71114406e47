import { expect, test, type Request } from '@playwright/test';
import { expectLoginPage } from './support/app.js';
import { LOGIN_JS_BUDGET_BYTES } from './support/budgets.js';

interface Transfer {
  url: string;
  encoding: string | undefined;
  /** On the wire (compressed). */
  bytes: number;
  /** Once decoded: the file as built. */
  fileBytes: number;
}

/** Files this small may go uncompressed: the build writes no .br that is not smaller. */
const TINY_FILE_BYTES = 1024;

/** What one finished request cost on the wire: the body as sent (compressed), headers aside. */
async function transferOf(request: Request): Promise<Transfer> {
  const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
  return {
    url: new URL(request.url()).pathname,
    encoding: response?.headers()['content-encoding'],
    bytes: sizes.responseBodySize,
    fileBytes: (await response?.body())?.length ?? 0,
  };
}

test('the login page loads at most its JavaScript budget, compressed', async ({ page }) => {
  // Everything the browser fetches as a script: the entry, its modulepreloads, the lazy login
  // chunk and whatever those import, plus theme-init.js; counted once the page has settled.
  const pending: Promise<Transfer>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') pending.push(transferOf(request));
  });
  await page.goto('/login');
  await expectLoginPage(page, 'tr');
  await page.waitForLoadState('networkidle');
  const scripts = await Promise.all(pending);

  const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
  const table = scripts
    .sort((a, b) => b.bytes - a.bytes)
    .map(
      (script) => `${String(script.bytes).padStart(8)}  ${script.encoding ?? '-'}  ${script.url}`,
    )
    .join('\n');
  test
    .info()
    .annotations.push({ type: 'login JavaScript (brotli bytes)', description: String(total) });
  console.log(`login page JavaScript: ${total} bytes in ${scripts.length} files\n${table}`);

  // The entry, the login page's own chunk and the lazy route loader are all there: a page whose
  // chunks failed to load would otherwise look cheap.
  expect(scripts.some((script) => /\/assets\/index-[\w-]+\.js$/.test(script.url))).toBe(true);
  expect(scripts.some((script) => /\/assets\/login-page-[\w-]+\.js$/.test(script.url))).toBe(true);
  for (const script of scripts.filter((each) => each.fileBytes >= TINY_FILE_BYTES))
    expect(script.encoding, script.url).toBe('br');
  expect(total, `login JavaScript, brotli:\n${table}`).toBeLessThanOrEqual(LOGIN_JS_BUDGET_BYTES);
});

test('routes, Mermaid and the analysis views stay out of the login page', async ({ page }) => {
  const scripts: string[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/login');
  await expectLoginPage(page, 'tr');
  await page.waitForLoadState('networkidle');
  const names = scripts.map((url) => url.replace(/^\/assets\//, ''));
  for (const chunk of [
    /^mermaid/,
    /Diagram/,
    /^dashboard-route-/,
    /^projects-page-/,
    /^project-detail-route-/,
    /^analyze-full-route-/,
    /^structure-tab-/,
    /^readme-tab-/,
    /^register-page-/,
  ]) {
    expect(
      names.filter((name) => chunk.test(name)),
      String(chunk),
    ).toEqual([]);
  }
});
