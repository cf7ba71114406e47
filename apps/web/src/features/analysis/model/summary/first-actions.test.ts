import type { JobFailureCode } from '@rota/contracts';
import { describe, expect, it } from 'vitest';
import {
  branchAnalysisFixture,
  branchFixture,
  diagramFixture,
  readmeResultFixture,
  structureResultFixture,
} from '../../../../test/analysis-fixtures';
import type { AnalysisView, ResultOf } from '../../api/analysis-kinds';
import type { Report, ReportItem, ReportRepository } from '../report-model';
import { rankActions } from './first-actions';
import { analysedAnything, repoStatus } from './repo-status';

const ready = <K extends AnalysisView>(result: ResultOf<K>): ReportItem<K> => ({
  state: 'ready',
  result,
  commit: 'abc',
  analyzedAt: '2026-11-20T10:00:00.000Z',
  analyzerVersion: '1',
  stale: false,
});

function repository(
  id: string,
  items: Partial<{ [K in AnalysisView]: ReportItem<K> }> = {},
): ReportRepository {
  return {
    repo: {
      id,
      name: id,
      owner: 'acme',
      repo: id,
      url: `https://github.com/acme/${id}`,
      branch: 'main',
      provider: 'github',
    },
    items: {
      branches: ready<'branches'>(branchAnalysisFixture()),
      readme: ready<'readme'>(readmeResultFixture()),
      structure: ready<'structure'>(structureResultFixture()),
      diagram: ready<'diagram'>(diagramFixture()),
      ...items,
    },
  };
}

const report = (...repositories: ReportRepository[]): Report => ({
  project: { id: 'p-1', name: 'Shop' },
  generatedAt: '2026-11-23T08:00:00.000Z',
  repositories,
});

const noCycles = () => ({ ...diagramFixture(), cycles: [] });
const withoutLicenseOrCi = () => {
  const result = readmeResultFixture();
  return {
    ...result,
    communityFiles: {
      ...result.communityFiles,
      files: [
        { kind: 'license' as const, present: false, found: [], suggestionKey: null },
        { kind: 'ci' as const, present: false, found: [], suggestionKey: null },
      ],
    },
  };
};

describe('the three things to do first', () => {
  it('ranks the findings by the documented order of kinds, the rest are the other risks', () => {
    // The fixture: one dependency cycle, the installation section without code (5 points lost),
    // one merged branch left, two stale unmerged branches; a license, and no CI file listed.
    const { first, others } = rankActions(report(repository('shop')));
    expect(first.map((action) => action.kind)).toEqual([
      'breakCycles',
      'improveReadme',
      'deleteMergedBranches',
    ]);
    expect(others.map((action) => action.kind)).toEqual(['reviewStaleBranches']);
    expect(first[1]!.targets[0]!.readme).toMatchObject({
      checkId: 'installation',
      suggestionKey: 'readme.suggestion.addInstallationCode',
      pointsLost: 5,
    });
    expect(others[0]!.targets[0]!.figure).toBe(2);
  });

  it("counts the stale branches with the engine's one figure, as the dashboard does", () => {
    // Flags as an older engine set them (the default and a merged branch stale too): the report
    // must still say the stored summary.stale, which is what the dashboard shows.
    const analysis = branchAnalysisFixture([
      branchFixture({ name: 'main', isDefault: true, status: 'default', stale: true }),
      branchFixture({ name: 'done', status: 'merged', merged: true, stale: true }),
      branchFixture({ name: 'idea', stale: true }),
    ]);
    analysis.summary.stale = 1;
    const { first, others } = rankActions(
      report(repository('shop', { branches: ready<'branches'>(analysis) })),
    );
    const stale = [...first, ...others].find((action) => action.kind === 'reviewStaleBranches');
    expect(stale?.targets.map((target) => target.figure)).toEqual([1]);
  });

  it('puts a missing license and CI first, and does not say the license twice through the README', () => {
    const result = withoutLicenseOrCi();
    result.readme = {
      ...result.readme,
      checks: [
        ...result.readme.checks,
        {
          id: 'license',
          status: 'failed',
          passed: false,
          points: 0,
          maxPoints: 6,
          evidence: [],
          suggestionKey: 'readme.suggestion.addLicenseFile',
        },
      ],
    };
    const { first, others } = rankActions(
      report(repository('shop', { readme: ready<'readme'>(result) })),
    );
    expect(first.map((action) => action.kind)).toEqual(['addLicense', 'breakCycles', 'addCi']);
    // The README's own license check (6 points) is not its largest gap: the file is item one.
    const readme = others.find((action) => action.kind === 'improveReadme');
    expect(readme?.targets[0]!.readme?.checkId).toBe('installation');
  });

  it('names every repository with the same finding in one item, the largest figure first', () => {
    const many = branchAnalysisFixture([
      branchFixture({
        name: 'main',
        isDefault: true,
        status: 'default',
        merged: false,
        stale: false,
      }),
      ...['a', 'b', 'c'].map((name) =>
        branchFixture({
          name,
          status: 'merged',
          merged: true,
          diverged: false,
          ahead: 0,
          stale: false,
        }),
      ),
    ]);
    const { first } = rankActions(
      report(
        repository('one', { diagram: ready<'diagram'>(noCycles()) }),
        repository('two', {
          branches: ready<'branches'>(many),
          diagram: ready<'diagram'>(noCycles()),
        }),
      ),
    );
    const merged = first.find((action) => action.kind === 'deleteMergedBranches')!;
    expect(merged.targets.map((target) => [target.repo.id, target.figure, target.index])).toEqual([
      ['two', 3, 1],
      ['one', 1, 0],
    ]);
  });

  it('leaves out README checks that lose fewer than 5 points', () => {
    const result = readmeResultFixture();
    result.readme = {
      ...result.readme,
      checks: result.readme.checks.filter((check) => check.id !== 'installation'),
    };
    const { first, others } = rankActions(
      report(repository('shop', { readme: ready<'readme'>(result) })),
    );
    expect([...first, ...others].map((action) => action.kind)).not.toContain('improveReadme');
  });

  it('asks for a README when there is none', () => {
    const result = readmeResultFixture(null);
    result.readme = { ...result.readme, found: false, score: 0 };
    const { first } = rankActions(
      report(
        repository('shop', {
          readme: ready<'readme'>(result),
          diagram: ready<'diagram'>(noCycles()),
        }),
      ),
    );
    expect(first[0]).toMatchObject({
      kind: 'improveReadme',
      targets: [
        { figure: 100, readme: { checkId: null, suggestionKey: 'readme.suggestion.addReadme' } },
      ],
    });
  });

  it('invents nothing for analyses without a result', () => {
    const pending = repository('shop', {
      branches: { state: 'unavailable', reason: 'notAnalyzed' },
      readme: { state: 'working', job: { progress: 40, stage: 'analyzing', status: 'running' } },
      structure: { state: 'unavailable', reason: 'loading' },
      diagram: { state: 'failed', job: null },
    });
    const ranked = rankActions(report(pending));
    expect(ranked).toEqual({ first: [], others: [] });
    expect(analysedAnything(report(pending))).toBe(false);
  });
});

describe('a repository’s state', () => {
  it('is one failure with each distinct cause once', () => {
    const job = (code: JobFailureCode) => ({
      id: code,
      kind: 'analyze-repository',
      status: 'failed' as const,
      stage: null,
      progress: 0,
      error: { code, message: `${code} happened` },
      attempts: 1,
      createdAt: '2026-11-20T10:00:00.000Z',
      updatedAt: '2026-11-20T10:00:00.000Z',
      finishedAt: '2026-11-20T10:00:00.000Z',
    });
    const status = repoStatus(
      repository('gone', {
        branches: { state: 'failed', job: job('REPO_NOT_FOUND') },
        readme: { state: 'failed', job: job('REPO_NOT_FOUND') },
        structure: { state: 'failed', job: job('REPO_NOT_FOUND') },
        diagram: { state: 'failed', job: job('REPO_TIMEOUT') },
      }),
    );
    expect(status.state).toBe('failed');
    if (status.state !== 'failed') return;
    expect(status.failed).toEqual(['branches', 'readme', 'structure', 'diagram']);
    expect(status.errors.map((item) => item?.error?.code)).toEqual([
      'REPO_NOT_FOUND',
      'REPO_TIMEOUT',
    ]);
  });

  it('is working, with the mean progress, while nothing has a result yet', () => {
    const status = repoStatus(
      repository('new', {
        branches: { state: 'working', job: { progress: 50, stage: null, status: 'running' } },
        readme: { state: 'working', job: { progress: 30, stage: null, status: 'running' } },
        structure: { state: 'unavailable', reason: 'loading' },
        diagram: { state: 'unavailable', reason: 'notAnalyzed' },
      }),
    );
    // 50 + 30 + 0 (loading) + 100 (nothing more to wait for) over four.
    expect(status).toEqual({ state: 'working', done: 1, total: 4, progress: 45 });
  });
});
