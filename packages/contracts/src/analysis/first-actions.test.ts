import { describe, expect, it } from 'vitest';
import type { BranchAnalysis } from './branches.js';
import { rankFindings, repositoryFindings, type ActionInputs } from './first-actions.js';
import type { CommunityFilesCheck, ReadmeAnalysis, ReadmeCheck } from './readme.js';

const check = (
  id: ReadmeCheck['id'],
  status: ReadmeCheck['status'],
  lost: number,
): ReadmeCheck => ({
  id,
  status,
  passed: status === 'passed',
  points: 10 - lost,
  maxPoints: 10,
  evidence: [],
  suggestionKey: status === 'passed' ? null : `readme.suggestion.${id}`,
});

const readme = (checks: ReadmeCheck[], files: Partial<Record<'license' | 'ci', boolean>> = {}) => ({
  readme: { found: true, checks } as unknown as ReadmeAnalysis,
  communityFiles: {
    files: (['license', 'ci'] as const).map((kind) => ({
      kind,
      present: files[kind] ?? true,
      found: [],
      suggestionKey: null,
    })),
  } as unknown as CommunityFilesCheck,
});

const branch = (name: string, flags: { merged?: boolean; stale?: boolean; isDefault?: boolean }) =>
  ({
    name,
    merged: false,
    stale: false,
    isDefault: false,
    ...flags,
  }) as BranchAnalysis['branches'][number];

const branches = (list: Array<BranchAnalysis['branches'][number]>) =>
  ({
    branches: list,
    summary: {
      stale: list.filter((b) => b.stale).length,
      mergedNotDeleted: {
        count: list.filter((b) => b.merged && !b.isDefault).length,
        branches: [],
      },
    },
  }) as unknown as ActionInputs['branches'];

describe('the rule of the three things to do first', () => {
  it('finds each kind from its analysis, skipping the README license check when the file is missing', () => {
    const found = repositoryFindings({
      readme: readme([check('license', 'failed', 10), check('usage', 'partial', 5)], {
        license: false,
        ci: false,
      }),
      diagram: {
        cycles: [
          ['a', 'b'],
          ['c', 'd'],
        ],
      },
      branches: branches([
        branch('main', { isDefault: true }),
        branch('done', { merged: true }),
        branch('idle', { stale: true }),
      ]),
    });
    expect(found).toEqual([
      { kind: 'addLicense', figure: 1 },
      { kind: 'addCi', figure: 1 },
      {
        kind: 'improveReadme',
        figure: 5,
        readme: { checkId: 'usage', suggestionKey: 'readme.suggestion.usage', pointsLost: 5 },
      },
      { kind: 'breakCycles', figure: 2 },
      { kind: 'deleteMergedBranches', figure: 1 },
      { kind: 'reviewStaleBranches', figure: 1 },
    ]);
  });

  it('ignores README gaps under 5 points and analyses without a result', () => {
    expect(
      repositoryFindings({
        readme: readme([check('badges', 'failed', 4)]),
        diagram: null,
        branches: null,
      }),
    ).toEqual([]);
  });

  it('ranks by kind, largest figure first, and keeps three as first', () => {
    const { first, others } = rankFindings([
      { target: { name: 'a' }, findings: [{ kind: 'reviewStaleBranches', figure: 2 }] },
      {
        target: { name: 'b' },
        findings: [
          { kind: 'reviewStaleBranches', figure: 9 },
          { kind: 'breakCycles', figure: 1 },
          { kind: 'addCi', figure: 1 },
          { kind: 'deleteMergedBranches', figure: 3 },
        ],
      },
    ]);
    expect(first.map((action) => action.kind)).toEqual([
      'breakCycles',
      'addCi',
      'deleteMergedBranches',
    ]);
    expect(others).toEqual([
      {
        kind: 'reviewStaleBranches',
        targets: [
          { name: 'b', figure: 9 },
          { name: 'a', figure: 2 },
        ],
      },
    ]);
  });
});
