import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectTheme, newAccount, seedPreferences } from './support/app.js';
import {
  analysisTexts,
  expectResult,
  reportDiagramNodes,
  shoot,
  type AnalysisTab,
} from './support/analyses.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { fixtureRepoPath } from './support/paths.js';
import {
  expectNoSideScroll,
  LONG_BRANCH,
  NARROWEST_PHONE,
  PHONE,
  TABLETS,
  repositoryWithLongBranch,
  waitForAnalyses,
} from './support/phone.js';
import {
  createProjectViaApi,
  openSignedIn,
  projectTexts,
  registerSession,
  type Session,
} from './support/projects.js';
import { LANGUAGES, texts, THEMES, type Language, type Theme } from './support/texts.js';

/**
 * Every page at phone size (390×844), in both languages and both themes. Each page
 * must not scroll sideways and axe must find no serious or critical violation; a full-page
 * screenshot of each is kept under e2e/output/screenshots/phone-<page>-<language>-<theme>.png.
 */
test.use({ viewport: PHONE, hasTouch: true });

const menuTexts = {
  tr: { menu: 'Menü', nav: 'Ana menü', dashboard: 'Pano' },
  en: { menu: 'Menu', nav: 'Main menu', dashboard: 'Dashboard' },
} as const;

let session: Session;
let projectId = '';
let projectName = '';
let repoDir = '';

test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({
    baseURL: testInfo.project.use.baseURL,
  });
  session = await registerSession(request, newAccount('phone'));
  repoDir = repositoryWithLongBranch(fixtureRepoPath());
  projectName = `Telefon Mağazası ${randomUUID().slice(0, 6)}`;
  const project = await createProjectViaApi(request, session, {
    name: projectName,
    description: 'Kart ödemeleri, iadeler ve mağaza vitrini',
    repos: [{ url: repoDir }],
  });
  projectId = project.id;
  await waitForAnalyses(request, session, projectId);
  await request.dispose();
});

test.afterAll(() => {
  if (repoDir) rmSync(path.dirname(repoDir), { recursive: true, force: true });
});

type Opener = (page: Page, lang: Language, theme: Theme) => Promise<void>;

async function signedIn(page: Page, lang: Language, theme: Theme, route: string) {
  await openSignedIn(page, session, { language: lang, theme }, route);
}

async function tab(page: Page, lang: Language, theme: Theme, kind: AnalysisTab) {
  await signedIn(page, lang, theme, `/projects/${projectId}?tab=${kind}`);
  await expect(
    page.getByRole('tab', { name: analysisTexts[lang].tabs[kind], exact: true }),
  ).toHaveAttribute('aria-selected', 'true');
  await expectResult(page, kind);
}

const pages: Record<string, Opener> = {
  login: async (page, lang, theme) => {
    await seedPreferences(page, { language: lang, theme });
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: texts[lang].loginTitle })).toBeVisible();
    await expect(page.getByText(texts[lang].githubChecking)).toHaveCount(0);
  },
  register: async (page, lang, theme) => {
    await seedPreferences(page, { language: lang, theme });
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: texts[lang].registerTitle })).toBeVisible();
    await expect(page.getByText(texts[lang].githubChecking)).toHaveCount(0);
  },
  dashboard: async (page, lang, theme) => {
    await signedIn(page, lang, theme, '/dashboard');
    await expect(page.getByTestId('project-count')).toHaveText('1');
  },
  projects: async (page, lang, theme) => {
    await signedIn(page, lang, theme, '/projects');
    await expect(page.getByRole('article', { name: projectName })).toBeVisible();
  },
  overview: async (page, lang, theme) => {
    await signedIn(page, lang, theme, `/projects/${projectId}`);
    await expect(page.getByRole('heading', { level: 1, name: projectName })).toBeVisible();
    await expect(
      page.getByRole('tab', { name: projectTexts[lang].overviewTab, exact: true }),
    ).toHaveAttribute('aria-selected', 'true');
  },
  branches: async (page, lang, theme) => {
    await tab(page, lang, theme, 'branches');
    // The long name is cut short on screen but whole for a pointer's tooltip and a screen reader.
    const name = page
      .getByTestId('branches-table')
      .getByTestId('branch-name')
      .filter({ hasText: LONG_BRANCH });
    await expect(name).toHaveAttribute('title', LONG_BRANCH);
    await expect(name).toHaveCSS('text-overflow', 'ellipsis');
    const lineHeight = await name.evaluate((node) => {
      const box = node.getBoundingClientRect();
      return { height: box.height, line: parseFloat(getComputedStyle(node).lineHeight) };
    });
    expect(lineHeight.height, 'the long branch name stays on one line').toBeLessThan(
      lineHeight.line * 1.5,
    );
  },
  readme: (page, lang, theme) => tab(page, lang, theme, 'readme'),
  structure: async (page, lang, theme) => {
    await tab(page, lang, theme, 'structure');
    // Every folder of the tree keeps its name and its line count on screen.
    const tree = page.getByTestId('directory-tree');
    await expect(tree.getByTestId('tree-label').filter({ hasText: /^src\// })).toBeVisible();
    const clipped = await tree.evaluate((root) =>
      Array.from(
        root.querySelectorAll<HTMLElement>(
          '[data-testid="tree-label"], [data-testid="tree-lines"]',
        ),
      )
        .filter(
          (node) =>
            node.getBoundingClientRect().width === 0 || node.scrollWidth > node.clientWidth + 1,
        )
        .map((node) => node.textContent),
    );
    expect(clipped, 'tree labels and line counts not clipped').toEqual([]);
  },
  diagram: async (page, lang, theme) => {
    await tab(page, lang, theme, 'diagram');
    await expect(page.getByTestId('diagram-svg').locator('svg g.node').first()).toBeVisible({
      timeout: 20_000,
    });
  },
  report: async (page, lang, theme) => {
    await signedIn(page, lang, theme, `/analyze-full/${projectId}`);
    await expect(page.getByTestId('report-progress')).toHaveCount(0, { timeout: 30_000 });
    await expect((await reportDiagramNodes(page)).first()).toBeVisible({ timeout: 20_000 });
  },
  settings: async (page, lang, theme) => {
    await signedIn(page, lang, theme, '/settings');
    await expect(page.getByRole('heading', { level: 1, name: texts[lang].settings })).toBeVisible();
  },
  'project-not-found': async (page, lang, theme) => {
    await signedIn(page, lang, theme, `/projects/${randomUUID()}`);
    await expect(page.getByText(texts[lang].projectNotFound)).toBeVisible();
  },
  'report-not-found': async (page, lang, theme) => {
    await signedIn(page, lang, theme, `/analyze-full/${randomUUID()}`);
    await expect(page.getByRole('heading', { name: texts[lang].projectNotFound })).toBeVisible();
  },
};

for (const [name, open] of Object.entries(pages)) {
  for (const theme of THEMES) {
    test(`phone: ${name}, ${theme}, both languages: no sideways scroll, axe`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(90_000);
      for (const lang of LANGUAGES) {
        const label = `phone-${name}-${lang}-${theme}`;
        await test.step(lang, async () => {
          await open(page, lang, theme);
          await expect(page.locator('html')).toHaveAttribute('lang', lang);
          await expectTheme(page, theme);
          await page.evaluate(() => document.fonts.ready);
          await shoot(page, label, testInfo);
          await expectNoSideScroll(page, label);
          await expectNoSeriousAxeViolations(page, testInfo, label);
        });
      }
    });
  }
}

/**
 * The narrowest phone the product supports and a tablet, upright and on its side: every page keeps
 * to the screen's width (the longer Turkish words, light theme; the checks above cover the rest).
 */
for (const viewport of [NARROWEST_PHONE, ...TABLETS]) {
  const size = `${viewport.width}×${viewport.height}`;
  test(`${size}: no page scrolls sideways`, async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    for (const [name, open] of Object.entries(pages)) {
      await test.step(name, async () => {
        await open(page, 'tr', 'light');
        await shoot(page, `${viewport.width}-${name}-tr-light`, testInfo);
        await expectNoSideScroll(page, `${name} at ${size}`);
      });
    }
    // From 640 px the page links are in the header itself, the menu button gone; below it, not.
    await signedIn(page, 'tr', 'light', '/dashboard');
    const nav = page.getByRole('navigation', { name: menuTexts.tr.nav });
    const wide = viewport.width >= 640;
    await expect(nav.getByRole('link', { name: projectTexts.tr.pageTitle })).toBeVisible({
      visible: wide,
    });
    await expect(nav.getByRole('button', { name: menuTexts.tr.menu, exact: true })).toBeVisible({
      visible: !wide,
    });
  });
}

/** Below 640 px the header's links live in a menu: a button that says whether it is open. */
for (const lang of LANGUAGES) {
  test(`phone: the navigation menu (${lang}) opens, closes on Escape and navigates`, async ({
    page,
  }, testInfo) => {
    const m = menuTexts[lang];
    const p = projectTexts[lang];
    await signedIn(page, lang, 'light', '/dashboard');
    const nav = page.getByRole('navigation', { name: m.nav });
    const links = nav.getByRole('link', { includeHidden: true });
    await expect(links).toHaveCount(2);
    await expect(links.first()).toBeHidden();
    const button = nav.getByRole('button', { name: m.menu, exact: true });
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(links).toHaveText([m.dashboard, p.pageTitle]);
    await expect(links.first()).toBeFocused();
    await expect(links.first()).toHaveAttribute('aria-current', 'page');
    await shoot(page, `phone-menu-${lang}-light`, testInfo);
    await expectNoSeriousAxeViolations(page, testInfo, `phone-menu-${lang}-light`);

    await page.keyboard.press('Escape');
    await expect(links.first()).toBeHidden();
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    await button.press('Enter');
    await expect(links.first()).toBeFocused();
    await nav.getByRole('link', { name: p.pageTitle }).click();
    await expect(page).toHaveURL(/\/projects$/);
    await expect(page.getByRole('heading', { level: 1, name: p.pageTitle })).toBeVisible();
    await expect(links.first()).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });
}
