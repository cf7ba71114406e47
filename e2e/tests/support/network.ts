import type { Page, Request } from '@playwright/test';

/**
 * Playwright's `networkidle`, less the live notification stream: the bell keeps
 * `/api/notifications/stream` open for as long as the page is, so `networkidle` never comes once
 * a user is signed in. Resolves when no other request has been in flight for `quietMs`.
 */
export async function waitForQuietNetwork(
  page: Page,
  { quietMs = 500, timeoutMs = 20_000 } = {},
): Promise<void> {
  const live = (request: Request) => !request.url().includes('/api/notifications/stream');
  const inFlight = new Set<Request>();
  const started = (request: Request) => {
    if (live(request)) inFlight.add(request);
  };
  const ended = (request: Request) => inFlight.delete(request);
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    await page.waitForLoadState('load');
    const deadline = Date.now() + timeoutMs;
    let quietSince = Date.now();
    while (Date.now() < deadline) {
      if (inFlight.size > 0) quietSince = Date.now();
      else if (Date.now() - quietSince >= quietMs) return;
      await page.waitForTimeout(100);
    }
    throw new Error(`the network did not go quiet within ${timeoutMs} ms`);
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}
