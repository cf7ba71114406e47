import { expect, type Page } from '@playwright/test';
import type { GitHubDoublePull } from './github-double.js';
import type { Language } from './texts.js';

/**
 * The project page's "Reviews" tab (`?tab=reviews`, `&review={id}` for one review), its visible
 * texts written out per language (see texts.ts for why). Test ids on the page: reviews-tab,
 * review-stats, review-row, review-status, review-why, review-pr-link, review-sha, review-engine,
 * review-trigger, review-time, review-open, review-detail, review-verdict, review-file,
 * review-file-name, review-finding, review-finding-title, review-finding-line,
 * review-finding-severity, review-finding-source, review-finding-evidence, review-coverage,
 * review-back; "Review now" on a pull request row is review-now.
 */
export const reviewTexts = {
  tr: {
    tab: 'İncelemeler',
    reviewNow: (number: number) => `#${number} numaralı isteği şimdi incele`,
    requested: (name: string) => `${name} için inceleme istendi`,
    changesRequested: 'Değişiklik istendi',
    secretTitle: 'Sızdırılmış erişim anahtarı',
    line: (line: number) => `Satır ${line}`,
    critical: 'Kritik',
    rule: 'Yerleşik kural',
    manual: 'Şimdi incele',
    webhook: 'Webhook',
    engine: 'Yerleşik kurallar',
    filesReviewed: (count: number) => `${count} dosya incelendi`,
  },
  en: {
    tab: 'Reviews',
    reviewNow: (number: number) => `Review #${number} now`,
    requested: (name: string) => `Review of ${name} requested`,
    changesRequested: 'Changes requested',
    secretTitle: 'Leaked access token',
    line: (line: number) => `Line ${line}`,
    critical: 'Critical',
    rule: 'Built-in rule',
    manual: 'Review now',
    webhook: 'Webhook',
    engine: 'Built-in rules',
    filesReviewed: (count: number) => `${count} files reviewed`,
  },
} satisfies Record<Language, unknown>;

/** A file the pull request adds, in GitHub's `diff-entry` shape. */
const added = (lines: string[]) => ({
  status: 'added' as const,
  additions: lines.length,
  deletions: 0,
  changes: lines.length,
  patch: [`@@ -0,0 +1,${lines.length} @@`, ...lines.map((line) => `+${line}`)].join('\n'),
});

// Assembled at run time so no secret scanner flags this file (as the server's review fixtures do).
export const FAKE_GITHUB_TOKEN = 'gh' + 'p_' + 'R0taE2eFixture8kQ2wZ7xL9mN4pB6vC1yD3t';

/**
 * Pull request #21 of a `cart` repository: three added files, one of which (line 2 of
 * src/cart/github-client.ts) holds a GitHub token. Rota's rules must ask for changes.
 */
export function leakyPullRequest(author: string): GitHubDoublePull {
  return {
    number: 21,
    title: 'Connect the cart to GitHub issues',
    author,
    head: 'github-issues',
    createdAt: new Date(Date.UTC(2026, 9, 2)).toISOString(),
    body: 'Opens an issue when a checkout fails.',
    files: [
      {
        filename: 'src/cart/report.ts',
        ...added([
          "import { github } from './github-client.js';",
          'export const report = (text: string) => github.request("POST /issues", { text });',
        ]),
      },
      {
        filename: 'src/cart/report.test.ts',
        ...added(["it('reports', () => expect(1).toBe(1));"]),
      },
      {
        filename: 'src/cart/github-client.ts',
        ...added([
          "import { Octokit } from '@octokit/core';",
          `export const github = new Octokit({ auth: '${FAKE_GITHUB_TOKEN}' });`,
        ]),
      },
    ],
  };
}

/** The finding the provider-token rule made (data-rule is the rule id; its text is translated). */
export const leakedTokenFinding = (page: Page) =>
  page.locator('[data-testid="review-finding"][data-rule="secret.provider-token"]').first();

/**
 * On the open review of `leakyPullRequest`: the secret finding on the right file and line, its
 * evidence cut short, and all three files reviewed.
 */
export async function expectLeakedTokenFound(page: Page, lang: Language) {
  const words = reviewTexts[lang];
  const secret = leakedTokenFinding(page);
  await expect(secret.getByTestId('review-finding-title')).toHaveText(words.secretTitle);
  await expect(secret.getByTestId('review-finding-line')).toHaveText(words.line(2));
  await expect(secret.getByTestId('review-finding-severity')).toHaveText(words.critical);
  await expect(secret.getByTestId('review-finding-source')).toHaveText(words.rule);
  // The evidence keeps only the token's first characters.
  await expect(secret.getByTestId('review-finding-evidence')).toContainText('ghp_');
  await expect(secret.getByTestId('review-finding-evidence')).not.toContainText(FAKE_GITHUB_TOKEN);
  const fileOfSecret = page
    .getByTestId('review-file')
    .filter({ has: page.locator('[data-rule="secret.provider-token"]') });
  await expect(fileOfSecret.getByTestId('review-file-name')).toHaveText(
    'src/cart/github-client.ts',
  );
  await expect(page.getByTestId('review-coverage')).toContainText(words.filesReviewed(3));
}
