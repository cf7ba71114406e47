import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Session } from './projects.js';

/** The phone every page is checked on (an iPhone 12–15 in CSS pixels). */
export const PHONE = { width: 390, height: 844 } as const;
/** The narrowest width every page must work at ("from 360 px up"). */
export const NARROWEST_PHONE = { width: 360, height: 740 } as const;
/** A tablet upright and on its side (iPad mini / 10.2" in CSS pixels). */
export const TABLETS = [
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
] as const;

/**
 * A branch name longer than any phone line: the branches table must cut it short and still give the
 * whole name (title and accessible name), never wrap it onto many lines or widen the page.
 */
export const LONG_BRANCH = 'feature/checkout-redesign-with-saved-cards-and-apple-pay-support';

/** A copy of the fixture repository with one more branch, the long-named one, ahead of main. */
export function repositoryWithLongBranch(fixture: string): string {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'rota-e2e-phone-')), 'shop');
  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: dir,
      stdio: 'pipe',
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'Ayşe Kaya',
        GIT_AUTHOR_EMAIL: 'ayse@example.com',
        GIT_COMMITTER_NAME: 'Ayşe Kaya',
        GIT_COMMITTER_EMAIL: 'ayse@example.com',
        GIT_AUTHOR_DATE: '2024-05-02T10:00:00Z',
        GIT_COMMITTER_DATE: '2024-05-02T10:00:00Z',
      },
    });
  execFileSync('git', ['clone', '--quiet', '--no-hardlinks', fixture, dir], { stdio: 'pipe' });
  // The clone only has main locally; the analyses read local branches, so bring the others along.
  for (const ref of execFileSync('git', ['-C', dir, 'branch', '-r', '--format=%(refname:short)'])
    .toString()
    .split('\n')
    .map((line) => line.trim())
    .filter(
      (line) => line.startsWith('origin/') && line !== 'origin/HEAD' && line !== 'origin/main',
    )) {
    git('branch', '--quiet', ref.slice('origin/'.length), ref);
  }
  git('checkout', '--quiet', '-b', LONG_BRANCH);
  git('commit', '--quiet', '--allow-empty', '-m', 'Start the checkout redesign');
  git('checkout', '--quiet', 'main');
  return dir;
}

const ANALYSIS_PATHS = [
  'branch-analysis',
  'readme-analysis',
  'structure-analysis',
  'technical-diagram',
] as const;

/** Asks for every analysis of the project through the API until each has a stored result. */
export async function waitForAnalyses(
  request: APIRequestContext,
  session: Session,
  projectId: string,
): Promise<void> {
  for (const analysis of ANALYSIS_PATHS) {
    await expect
      .poll(
        async () => {
          const response = await request.get(`/api/projects/${projectId}/${analysis}`, {
            headers: { Authorization: `Bearer ${session.token}` },
          });
          if (response.status() !== 200) return `${response.status()}`;
          const body = (await response.json()) as {
            data: { repositories: Array<{ status: string }> };
          };
          return body.data.repositories.map((entry) => entry.status).join(',');
        },
        { message: `${analysis} of the phone project`, timeout: 60_000, intervals: [500] },
      )
      .toBe('ready');
  }
}

/**
 * The page must not scroll sideways: a wide table scrolls inside its own box. On failure the message
 * names the widest elements that stick out of the viewport, which is where to look for the fix.
 * Right after a test changes the viewport, charts are still at their old width until their resize
 * observers fire (Recharts' ResponsiveContainer re-renders a frame or more later; seen in CI): the
 * page is measured again for up to a few seconds, and what still sticks out then fails.
 */
export async function expectNoSideScroll(page: Page, label: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  let measured = await measureSideScroll(page);
  while (measured.scrollWidth > measured.clientWidth && Date.now() < deadline) {
    await page.waitForTimeout(250);
    measured = await measureSideScroll(page);
  }
  expect(
    measured.scrollWidth,
    `${label} scrolls sideways (${measured.scrollWidth} px content in ${measured.clientWidth} px): ${measured.culprits.join('; ')}`,
  ).toBeLessThanOrEqual(measured.clientWidth);
}

/** How wide the page's content is, with the first elements that stick out of the viewport. */
function measureSideScroll(
  page: Page,
): Promise<{ scrollWidth: number; clientWidth: number; culprits: string[] }> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const limit = root.clientWidth;
    const culprits: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const box = element.getBoundingClientRect();
      if (box.right <= limit + 1 || box.width === 0) continue;
      // Only elements whose parent fits: the first to stick out, not every ancestor of it.
      const parent = element.parentElement?.getBoundingClientRect();
      if (parent && parent.right > limit + 1) continue;
      // Inside a box that scrolls or clips on its own it does not widen the page, unless it is
      // positioned against something outside that box (an sr-only text in a scrolled table).
      let boxed = getComputedStyle(element).position === 'absolute' ? false : undefined;
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
        if (boxed === undefined && getComputedStyle(up).overflowX !== 'visible') boxed = true;
      }
      if (boxed) continue;
      const testId = element.getAttribute('data-testid');
      const name = `${element.tagName.toLowerCase()}${testId ? `[data-testid=${testId}]` : ''}`;
      culprits.push(
        `${name} right=${Math.round(box.right)} «${(element.textContent ?? '').trim().slice(0, 40)}»`,
      );
      if (culprits.length >= 8) break;
    }
    return { scrollWidth: root.scrollWidth, clientWidth: limit, culprits };
  });
}
