import { ReviewFindingSchema } from '@rota/contracts';
import { describe, expect, it } from 'vitest';
import { example, openApi } from '../../../testing/github-double/rest-examples.js';
import { REVIEW_RULES } from './registry.js';
import { runRules } from './run-rules.js';
import { addedFile, modifiedFile, pullRequest } from './test-kit.js';
import type { DiffEntry } from './types.js';

describe('runRules', () => {
  it("passes GitHub's own example of the pull-request files answer through without error", () => {
    const operation = openApi().paths['/repos/{owner}/{repo}/pulls/{pull_number}/files']!.get!;
    const ref = (
      operation.responses['200']!.content!['application/json']!.examples!.default as {
        $ref: string;
      }
    ).$ref;
    const files = example<DiffEntry[]>(ref.split('/').pop()!);
    expect(files[0]).toMatchObject({ filename: 'file1.txt', status: 'added' });
    const result = runRules(pullRequest(files));
    expect(result.coverage).toEqual({ filesReviewed: 1, filesSkipped: [] });
    for (const finding of result.findings) ReviewFindingSchema.parse(finding);
  });

  it('registers at least 15 rules with unique ids, each with a severity and a category', () => {
    const ids = REVIEW_RULES.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(15);
    const order = ['critical', 'high', 'medium', 'low', 'info'];
    const ranks = REVIEW_RULES.map((rule) => order.indexOf(rule.severity));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });

  it('returns findings valid against the contract, with source rules and the rule severity', () => {
    const files = [
      modifiedFile(
        'src/server.js',
        "@@ -1,2 +1,3 @@\n const app = express();\n+console.log('booting'); // TODO remove\n app.listen(3000);",
      ),
    ];
    const { findings } = runRules(pullRequest(files, { body: null }));
    expect(findings.map((finding) => finding.rule)).toEqual([
      'pr.missing-description',
      'tests.missing',
      'code.debug-leftover',
      'code.todo',
    ]);
    for (const finding of findings) {
      expect(ReviewFindingSchema.parse(finding)).toEqual(finding);
      expect(finding.source).toBe('rules');
      expect(finding.severity).toBe(
        REVIEW_RULES.find((rule) => rule.id === finding.rule)!.severity,
      );
    }
  });

  it('lists files it could not read in coverage, with the reason', () => {
    const tooLarge: DiffEntry = {
      filename: 'src/big.ts',
      status: 'modified',
      additions: 4000,
      deletions: 10,
      changes: 4010,
    };
    const unknownBinary: DiffEntry = {
      filename: 'assets/blob',
      status: 'added',
      additions: 0,
      deletions: 0,
      changes: 0,
    };
    const renamed: DiffEntry = {
      filename: 'src/b.ts',
      previous_filename: 'src/a.ts',
      status: 'renamed',
      additions: 0,
      deletions: 0,
      changes: 0,
    };
    const lockfile = modifiedFile('yarn.lock', '@@ -1 +1 @@\n-a\n+b');
    const removed: DiffEntry = {
      filename: 'src/old.ts',
      status: 'removed',
      additions: 0,
      deletions: 12,
      changes: 12,
    };
    const source = addedFile('src/new.ts', 'export const x = 1;');
    const { coverage } = runRules(
      pullRequest([tooLarge, unknownBinary, renamed, lockfile, removed, source]),
    );
    expect(coverage).toEqual({
      filesReviewed: 3,
      filesSkipped: [
        { file: 'src/big.ts', reason: 'too_large' },
        { file: 'assets/blob', reason: 'no_patch' },
        { file: 'yarn.lock', reason: 'lockfile' },
      ],
    });
  });

  it('does not scan lockfiles line by line', () => {
    const lockfile = addedFile('pnpm-lock.yaml', "lockfileVersion: '9.0'\n# TODO regenerate\n");
    const { findings } = runRules(pullRequest([lockfile]));
    expect(findings.map((finding) => finding.rule)).toEqual(['deps.lockfile-only']);
  });
});
