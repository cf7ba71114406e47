import { describe, expect, it } from 'vitest';
import type { ReviewFinding } from '@rota/contracts';
import type { ReviewRow } from '../queries.js';
import { commentableLines, composeReview, eventOf, statusOf } from './publish-content.js';

const finding = (overrides: Partial<ReviewFinding>): ReviewFinding => ({
  rule: 'debug.console-log',
  severity: 'low',
  category: 'maintainability',
  file: 'src/app.ts',
  line: 3,
  title: 'Debug output left in',
  message: 'Remove the console.log before merging.',
  evidence: null,
  source: 'rules',
  confidence: 1,
  ...overrides,
});

const review = (overrides: Partial<ReviewRow>): ReviewRow =>
  ({
    id: 'r-1',
    status: 'commented',
    outcome: 'reviewed',
    reason: '2 minor findings',
    findings: [],
    errorMessage: null,
    ...overrides,
  }) as ReviewRow;

// A modified file: lines 10–12 are context, 11 added; line 40 is nowhere in the diff.
const files = [
  {
    filename: 'src/app.ts',
    patch:
      '@@ -1,2 +1,3 @@\n import x;\n+console.log(x);\n export {};\n@@ -20,2 +21,2 @@\n const a = 1;\n-const b = 2;\n+const b = 3;',
  },
  { filename: 'assets/logo.png' },
];

describe('what a published review says', () => {
  it('knows the lines GitHub takes comments on: added and context lines of each hunk', () => {
    const lines = commentableLines(files);
    expect([...lines.get('src/app.ts')!]).toEqual([1, 2, 3, 21, 22]);
    expect(lines.get('assets/logo.png')!.size).toBe(0);
  });

  it('puts findings inside the hunks inline and lists the rest in the body, grouped by file', () => {
    const composed = composeReview({
      review: review({
        findings: [
          finding({ line: 2 }),
          finding({ line: 40, title: 'Far away' }),
          finding({ file: 'assets/logo.png', line: null, title: 'Binary file' }),
          finding({ file: 'src/other.ts', line: 1, title: 'Not in this diff' }),
          finding({ file: null, line: null, title: 'No description' }),
        ],
      }),
      commentable: commentableLines(files),
      targetUrl: 'https://rota.example/projects/p?tab=reviews&review=r-1',
    });
    expect(composed.comments).toEqual([
      {
        path: 'src/app.ts',
        line: 2,
        side: 'RIGHT',
        body: expect.stringContaining('Debug output left in'),
      },
    ]);
    const body = composed.body;
    expect(body).toContain('**Rota comments** — 2 minor findings');
    expect(body).toContain('1 finding on the changed lines below.');
    // The pull request's own findings first, then files in order.
    const order = [
      '**Pull request**',
      '**`assets/logo.png`**',
      '**`src/app.ts`**',
      '**`src/other.ts`**',
    ];
    const at = order.map((heading) => body.indexOf(heading));
    expect(at.every((index) => index >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(body).toContain('Far away (line 40)');
    expect(body).toContain('- **low** · No description: Remove');
    expect(body).toContain(
      '[Open this review in Rota](https://rota.example/projects/p?tab=reviews&review=r-1)',
    );
  });

  it('maps verdicts to review events: a clean review approves', () => {
    expect(eventOf('approved')).toBe('APPROVE');
    expect(eventOf('changes_requested')).toBe('REQUEST_CHANGES');
    expect(eventOf('commented')).toBe('COMMENT');
  });

  it('maps how a review ended to a commit status in GitHub limits', () => {
    const url = 'https://rota.example/r';
    const state = (overrides: Partial<ReviewRow>) =>
      statusOf(review(overrides), url)?.state ?? null;
    expect(state({ outcome: null, status: 'pending' })).toBe('pending');
    expect(state({ status: 'approved' })).toBe('success');
    expect(state({ status: 'commented' })).toBe('success');
    expect(state({ status: 'changes_requested' })).toBe('failure');
    expect(state({ outcome: 'failed', errorMessage: 'GitHub did not answer' })).toBe('error');
    expect(state({ outcome: 'skipped', reason: 'Not reviewed: the pull request is a draft' })).toBe(
      'success',
    );
    expect(state({ outcome: 'superseded' })).toBeNull();
    const long = statusOf(review({ status: 'changes_requested', reason: 'x'.repeat(500) }), url)!;
    expect(long.description).toHaveLength(140);
    expect(long.description.endsWith('…')).toBe(true);
    expect(long).toMatchObject({ context: 'rota/review', targetUrl: url });
  });
});
