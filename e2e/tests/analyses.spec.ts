import { randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { chooseLanguage, expectTheme, newAccount } from './support/app.js';
import {
  ANALYSIS_TABS,
  analysisTexts,
  expectResult,
  holdJobPolls,
  openTab,
  reportDiagramNodes,
  savedBytes,
  savedText,
  shoot,
  watchConsole,
} from './support/analyses.js';
import { analyticsTexts } from './support/analytics.js';
import { pullRequestTexts } from './support/pull-requests.js';
import { reviewTexts } from './support/reviews.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { README_MARKERS } from './support/fixture-repo.js';
import { fixtureRepoPath, OUTPUT_DIR } from './support/paths.js';
import {
  createProjectViaApi,
  openSignedIn,
  projectTexts,
  registerSession,
} from './support/projects.js';
import { THEMES, type Language } from './support/texts.js';
import { notificationTexts } from './support/notifications.js';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** Every tab with its real content, in one language (the fixture repository's known figures). */
async function checkTabs(page: Page, lang: Language) {
  const t = analysisTexts[lang];
  await openTab(page, lang, 'branches');
  await expectResult(page, 'branches');
  const rows = page.getByTestId('branch-row');
  await expect(rows).toHaveCount(4);
  await expect(page.getByTestId('branch-totals')).toContainText(t.diverged);
  await expect(page.getByText(t.mergedNotDeleted)).toBeVisible();
  await page.getByRole('combobox', { name: t.state }).selectOption('diverged');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('feature/refunds');
  await expect(rows.first()).toContainText(t.diverged);
  await page.getByRole('combobox', { name: t.state }).selectOption('all');
  await expect(rows).toHaveCount(4);

  await openTab(page, lang, 'readme');
  await expectResult(page, 'readme');
  await expect(page.getByRole('meter', { name: t.score })).toHaveAttribute('aria-valuenow', /\d+/);
  await expect(page.getByTestId('readme-checks')).toContainText(t.installationCheck);
  await expect(page.getByTestId('readme-checks')).toContainText(t.securitySuggestion);
  await expect(page.getByTestId('community-files')).toContainText('LICENSE');

  await openTab(page, lang, 'structure');
  await expectResult(page, 'structure');
  await expect(page.getByTestId('language-table')).toContainText('TypeScript');
  await expect(page.getByTestId('language-chart').locator('svg.recharts-surface')).toBeVisible();
  await expect(page.getByTestId('frameworks')).toContainText('Express');
  await expect(page.getByTestId('key-files')).toContainText('MIT');
  await expect(page.getByRole('heading', { name: t.tests })).toBeVisible();

  await openTab(page, lang, 'diagram');
  await expectResult(page, 'diagram');
  const svg = page.getByTestId('diagram-svg').locator('svg');
  await expect(svg).toBeVisible({ timeout: 20_000 });
  await expect(svg.locator('g.node')).toHaveCount(5);
  // Labels read as written: the source's entity codes decoded (#40;Express#41; → (Express)).
  await expect(svg).toContainText('(Express)');
  await expect(svg).not.toContainText('&#');
  await expect(page.getByRole('heading', { name: t.cycles })).toBeVisible();
}

test('analyses: a project on a fixture repository → progress → every tab in both languages → the full report as PDF, Markdown and JSON', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const watch = watchConsole(page);
  const name = `Fixture Shop ${randomUUID().slice(0, 6)}`;
  const session = await registerSession(page.request, newAccount('analyses'));
  await openSignedIn(page, session, { language: 'tr', theme: 'light' }, '/projects');

  // The project's Overview reads the analyses as soon as it opens, so the job polls are held from
  // before the project exists: the first run's progress stays on screen until looked at.
  const release = await holdJobPolls(page);

  await test.step('create a project on the repository (its absolute path)', async () => {
    const p = projectTexts.tr;
    await page.getByRole('button', { name: p.newProject, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: p.createDialog });
    await dialog.getByLabel(p.name, { exact: true }).fill(name);
    await dialog.getByTestId('repo-row-0').getByLabel(p.repoUrl).fill(fixtureRepoPath());
    await dialog.getByRole('button', { name: p.create }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${UUID}$`));
    await expect(page.getByRole('tab')).toHaveText([
      analysisTexts.tr.overview,
      pullRequestTexts.tr.tab,
      reviewTexts.tr.tab,
      analyticsTexts.tr.tab,
      notificationTexts.tr.agreementsTab,
      ...ANALYSIS_TABS.map((tab) => analysisTexts.tr.tabs[tab]),
      notificationTexts.tr.chatTab,
    ]);
  });

  await test.step('the first analysis shows its progress and stage, then the result', async () => {
    // The Overview: one progress bar for the repository, not four empty headlines.
    const card = page.getByTestId('repo-summary');
    await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', /\d+/);
    await expect(card.getByTestId('headline-readme')).toHaveCount(0);
    await openTab(page, 'tr', 'branches');
    const firstRun = page.getByTestId('analysis-first-run');
    await expect(firstRun.getByRole('heading', { name: analysisTexts.tr.firstRun })).toBeVisible();
    await expect(firstRun.getByRole('progressbar')).toHaveAttribute('aria-valuenow', /\d+/);
    await expect(firstRun.getByRole('status')).not.toBeEmpty();
    await shoot(page, 'analysis-progress-tr-light', testInfo);
    await release();
    await expectResult(page, 'branches');
  });

  await test.step('Turkish: every tab with real content', async () => {
    await checkTabs(page, 'tr');
    for (const tab of ANALYSIS_TABS) {
      await openTab(page, 'tr', tab);
      await expectResult(page, tab);
      await shoot(page, `analysis-${tab}-tr-light`, testInfo);
    }
  });

  await test.step('the README is rendered, its hostile HTML and links neutralised', async () => {
    await openTab(page, 'tr', 'readme');
    const readme = page.getByTestId('readme-rendered');
    await expect(readme.getByRole('heading', { name: README_MARKERS.title })).toBeVisible();
    await expect(readme.getByRole('heading', { name: README_MARKERS.heading })).toBeVisible();
    await expect(readme.locator('table')).toContainText('npm start');
    await expect(readme.getByRole('link', { name: README_MARKERS.safeLink })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    await expect(readme.getByText(README_MARKERS.hostileLink)).toBeVisible();
    await expect(readme.getByRole('link', { name: README_MARKERS.hostileLink })).toHaveCount(0);
    await expect(readme.locator('script, [onerror], [href^="javascript:"]')).toHaveCount(0);
    const ran = await page.evaluate(() => {
      const w = window as unknown as Record<string, unknown>;
      return [w.__readmeScriptRan, w.__readmeOnerrorRan, w.__readmeLinkRan];
    });
    expect(ran).toEqual([undefined, undefined, undefined]);
  });

  await test.step('the diagram: source, SVG and PNG downloads', async () => {
    await openTab(page, 'tr', 'diagram');
    const t = analysisTexts.tr;
    await page.getByRole('button', { name: t.showSource }).click();
    await expect(page.getByTestId('diagram-source')).toContainText('flowchart LR');
    const [svgDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: t.downloadSvg }).click(),
    ]);
    expect(svgDownload.suggestedFilename()).toMatch(/\.svg$/);
    const svgText = await savedText(svgDownload);
    expect(svgText).toContain('<svg');
    expect(svgText).toContain('PostgreSQL');
    const [pngDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: t.downloadPng }).click(),
    ]);
    expect(pngDownload.suggestedFilename()).toMatch(/\.png$/);
    const png = await savedBytes(pngDownload);
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(png.length).toBeGreaterThan(2000);
  });

  await test.step('English: every tab again, in the other language', async () => {
    await chooseLanguage(page, 'en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await checkTabs(page, 'en');
    await shoot(page, 'analysis-diagram-en-light', testInfo);
  });

  await test.step('the full report: contents, print to PDF, Markdown and JSON exports', async () => {
    const t = analysisTexts.en;
    await page.getByRole('link', { name: t.fullReport }).click();
    await expect(page).toHaveURL(new RegExp(`/analyze-full/${UUID}$`));
    await expect(page.getByRole('heading', { level: 1, name: t.reportTitle })).toBeVisible();
    await expect(page.getByTestId('analysis-project')).toHaveText(name);
    await expect(page.getByRole('navigation', { name: t.contents })).toBeVisible();
    for (const kind of ANALYSIS_TABS) {
      await expect(page.getByTestId(`report-${kind}`).getByTestId('stale-badge')).toHaveCount(0);
    }
    await expect(page.getByTestId('report-progress')).toHaveCount(0, { timeout: 30_000 });
    await expect(await reportDiagramNodes(page)).toHaveCount(5, { timeout: 20_000 });
    await shoot(page, 'analysis-report-en-light', testInfo);

    // As printed: no navigation or buttons, each repository from a new page, light colours.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('report-actions')).toBeHidden();
    await expect(page.getByRole('link', { name: 'Rota home', exact: true })).toBeHidden();
    expect(
      await page
        .getByTestId('report-repository')
        .evaluate((node) => getComputedStyle(node).breakBefore),
    ).toBe('page');
    await shoot(page, 'analysis-report-en-print', testInfo);
    await page.emulateMedia({ media: 'screen' });

    const pdfPath = path.join(OUTPUT_DIR, 'analysis-report.pdf');
    const pdf = await page.pdf({ path: pdfPath, format: 'A4' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(statSync(pdfPath).size).toBeGreaterThan(20_000);

    const [markdown] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: t.exportMarkdown }).click(),
    ]);
    expect(markdown.suggestedFilename()).toMatch(/\.md$/);
    const md = await savedText(markdown);
    expect(md).toContain(`# ${t.reportTitle}: ${name}`);
    expect(md).toContain(`## ${t.contents}`);
    expect(md).toContain(t.markdownBranchColumn);
    expect(md).toMatch(/\| feature\/refunds \| Diverged, Stale \| 2 \| 2 \|/);
    expect(md).toContain('```mermaid\nflowchart LR');
    expect(md).toContain('| TypeScript |');

    const [json] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: t.exportJson }).click(),
    ]);
    const report = JSON.parse(await savedText(json)) as {
      project: { name: string };
      repositories: Array<{
        items: Record<string, { state: string; result?: Record<string, unknown> }>;
      }>;
    };
    expect(report.project.name).toBe(name);
    const items = report.repositories[0]!.items;
    expect(Object.values(items).map((item) => item.state)).toEqual([
      'ready',
      'ready',
      'ready',
      'ready',
    ]);
    expect((items.branches!.result!.branches as unknown[]).length).toBe(4);
    // Codes and names only: the Mermaid text is written in the reader's language, not stored.
    expect((items.diagram!.result!.nodes as unknown[]).length).toBe(5);
    expect(items.diagram!.result!.mermaid).toBeUndefined();
  });

  expect(watch.problems, 'no CSP violations or page errors').toEqual([]);
});

/** Each tab and the report in English, light and dark: screenshots and axe. */
for (const theme of THEMES) {
  test(`analyses screens, en, ${theme}: screenshots and axe`, async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    const watch = watchConsole(page);
    const session = await registerSession(page.request, newAccount(`analyses-${theme}`));
    const project = await createProjectViaApi(page.request, session, {
      name: `Fixture Shop ${theme}`,
      repos: [{ url: fixtureRepoPath() }],
    });
    await openSignedIn(page, session, { language: 'en', theme }, `/projects/${project.id}`);
    await expectTheme(page, theme);
    for (const tab of ANALYSIS_TABS) {
      await openTab(page, 'en', tab);
      await expectResult(page, tab);
      if (tab === 'diagram') {
        await expect(page.getByTestId('diagram-svg').locator('svg g.node')).toHaveCount(5);
      }
      await shoot(page, `analysis-${tab}-en-${theme}`, testInfo);
      await expectNoSeriousAxeViolations(page, testInfo, `analysis-${tab}-en-${theme}`);
    }
    await page.goto(`/analyze-full/${project.id}`);
    await expect(page.getByTestId('report-progress')).toHaveCount(0, { timeout: 30_000 });
    await expect(await reportDiagramNodes(page)).toHaveCount(5);
    await shoot(page, `analysis-report-en-${theme}`, testInfo);
    await expectNoSeriousAxeViolations(page, testInfo, `analysis-report-en-${theme}`);
    expect(watch.problems, 'no CSP violations or page errors').toEqual([]);
  });
}
