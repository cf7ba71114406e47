import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';

export type FormFactor = 'desktop' | 'mobile';

export interface PageScore {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Bytes over the wire, everything / scripts only (Lighthouse's resource summary). */
  totalBytes: number;
  scriptBytes: number;
  /** Audits that failed accessibility, by id, so a score under 1 says why. */
  accessibilityFailures: string[];
  /** Lighthouse's whole report (JSON), for reading the audits behind a score. */
  report: string;
}

/** The Debian Chromium flags that keep a closed network quiet (see e2e/playwright.config.ts). */
const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * One Lighthouse 12 run of `url` in a fresh Chromium profile (cold cache). `storage` is written to
 * the origin's localStorage first (a signed-in session), through a same-origin API page; Lighthouse
 * then keeps storage as it is (disableStorageReset) and audits the page in that browser.
 */
export async function audit(
  url: string,
  formFactor: FormFactor,
  storage: Record<string, string>,
  executablePath: string,
): Promise<PageScore> {
  const profile = mkdtempSync(path.join(tmpdir(), 'rota-bench-chromium-'));
  const port = 40_000 + Math.floor(Math.random() * 20_000);
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(new URL('/api/health', url).href);
    await page.evaluate((values) => {
      // Runs in the page (bench compiles without the DOM library, hence the cast).
      const { localStorage } = globalThis as unknown as {
        localStorage: { setItem: (key: string, value: string) => void };
      };
      for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
    }, storage);
    const result = await lighthouse(
      url,
      {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: true,
      },
      formFactor === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr, report } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const summary = (
      lhr.audits['resource-summary']?.details as
        { items: Array<{ resourceType: string; transferSize: number }> } | undefined
    )?.items;
    const accessibility = lhr.categories.accessibility;
    return {
      performance: lhr.categories.performance?.score ?? NaN,
      accessibility: accessibility?.score ?? NaN,
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      totalBytes: summary?.find((item) => item.resourceType === 'total')?.transferSize ?? NaN,
      scriptBytes: summary?.find((item) => item.resourceType === 'script')?.transferSize ?? NaN,
      accessibilityFailures: (accessibility?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
        .map((ref) => ref.id),
      report: Array.isArray(report) ? report.join('\n') : report,
    };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
