import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Download, type Page, type Route, type TestInfo } from '@playwright/test';
import { SCREENSHOT_DIR } from './paths.js';
import type { Language } from './texts.js';

/** The analyses' visible texts, written out per language (see texts.ts for why). */
export const analysisTexts = {
  tr: {
    tabs: { branches: 'Dallar', readme: 'README', structure: 'Yapı', diagram: 'Diyagram' },
    overview: 'Genel bakış',
    fullReport: 'Tam rapor',
    firstRun: 'Depo analiz ediliyor',
    branchesTable: 'Dallar',
    state: 'Durum',
    diverged: 'Ayrışmış',
    merged: 'Birleştirilmiş',
    ahead: 'Önde',
    stale: 'Bayat',
    mergedNotDeleted: 'Birleştirilmiş ama silinmemiş (1)',
    score: 'README puanı',
    checks: 'Denetimler',
    installationCheck: 'Kurulum',
    securitySuggestion: 'Güvenlik açıklarının nasıl bildirileceğini anlatan',
    community: 'Topluluk dosyaları',
    languages: 'Diller',
    byCode: 'Kod satırına göre',
    frameworks: 'Çatılar ve araçlar',
    tests: 'Testler',
    diagram: 'Teknik diyagram',
    cycles: 'İçe aktarma döngüleri (1)',
    showSource: 'Kaynağı göster',
    downloadSvg: 'SVG indir',
    downloadPng: 'PNG indir',
    reportTitle: 'Tam analiz',
    contents: 'İçindekiler',
    exportMarkdown: 'Markdown olarak dışa aktar',
    exportJson: 'JSON olarak dışa aktar',
    markdownBranchColumn: '| Dal | Durum | Geride | Önde |',
  },
  en: {
    tabs: { branches: 'Branches', readme: 'README', structure: 'Structure', diagram: 'Diagram' },
    overview: 'Overview',
    fullReport: 'Full report',
    firstRun: 'Analysing the repository',
    branchesTable: 'Branches',
    state: 'State',
    diverged: 'Diverged',
    merged: 'Merged',
    ahead: 'Ahead',
    stale: 'Stale',
    mergedNotDeleted: 'Merged but not deleted (1)',
    score: 'README score',
    checks: 'Checks',
    installationCheck: 'Installation',
    securitySuggestion: 'Add a Security section (or a SECURITY.md)',
    community: 'Community files',
    languages: 'Languages',
    byCode: 'By code lines',
    frameworks: 'Frameworks and tools',
    tests: 'Tests',
    diagram: 'Technical diagram',
    cycles: 'Import cycles (1)',
    showSource: 'Show source',
    downloadSvg: 'Download SVG',
    downloadPng: 'Download PNG',
    reportTitle: 'Full analysis',
    contents: 'Contents',
    exportMarkdown: 'Export Markdown',
    exportJson: 'Export JSON',
    markdownBranchColumn: '| Branch | State | Behind | Ahead |',
  },
} as const satisfies Record<Language, unknown>;

export type AnalysisTab = keyof (typeof analysisTexts)['en']['tabs'];
export const ANALYSIS_TABS: readonly AnalysisTab[] = ['branches', 'readme', 'structure', 'diagram'];

/** A full-page screenshot under e2e/output/screenshots/<label>.png, attached to the report. */
export async function shoot(page: Page, label: string, testInfo: TestInfo) {
  const file = path.join(SCREENSHOT_DIR, `${label}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  await testInfo.attach(label, { path: file, contentType: 'image/png' });
}

/**
 * Holds every job-status answer until released, so a test can look at the progress the page shows
 * before the (fast) fixture analysis finishes.
 */
export async function holdJobPolls(page: Page): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const handler = async (route: Route) => {
    await released;
    // The page may have given up on the request meanwhile (a newer poll): nothing to continue then.
    await route.continue().catch(() => undefined);
  };
  await page.route('**/api/jobs/**', handler);
  return async () => {
    release();
    await page.unroute('**/api/jobs/**', handler);
  };
}

/** CSP violations and uncaught errors, which must stay empty (Mermaid included). */
export function watchConsole(page: Page): { problems: string[] } {
  const problems: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (
      /Content[- ]Security[- ]Policy|Refused to (load|execute|apply|evaluate|create)/i.test(text)
    ) {
      problems.push(`console: ${text}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return { problems };
}

export async function savedText(download: Download): Promise<string> {
  const file = await download.path();
  return readFileSync(file, 'utf8');
}

export async function savedBytes(download: Download): Promise<Buffer> {
  return readFileSync(await download.path());
}

export async function openTab(page: Page, lang: Language, tab: AnalysisTab) {
  await page.getByRole('tab', { name: analysisTexts[lang].tabs[tab], exact: true }).click();
  await expect(page.getByTestId(`analysis-${tab}`)).toBeVisible();
}

/** Waits until the tab shows a result (its commit line), not progress. */
export async function expectResult(page: Page, tab: AnalysisTab) {
  await expect(page.getByTestId(`analysis-${tab}`).getByTestId('analysis-meta')).toBeVisible({
    timeout: 30_000,
  });
}

/**
 * The full report's diagram, brought on screen first: the report draws a diagram only when its box
 * nears the screen, as a reader scrolling down would bring it.
 */
export async function reportDiagramNodes(page: Page) {
  const section = page.getByTestId('report-diagram');
  await section.getByTestId('diagram-viewport').scrollIntoViewIfNeeded();
  return section.locator('svg g.node');
}
