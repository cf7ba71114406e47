import type {
  Branch,
  BranchAnalysis,
  CommunityFilesCheck,
  JobSummary,
  ReadmeAnalysis,
  ReadmeCheck,
  RepoAnalysisEntry,
} from '@rota/contracts';
import { http, HttpResponse } from 'msw';

import { COMMIT } from './analysis-structure-fixtures';

export {
  COMMIT,
  diagramFixture,
  languageFixture,
  structureResultFixture,
} from './analysis-structure-fixtures';

/**
 * Analysis results as the server stores them, trimmed from a real run of the engine on the e2e
 * fixture repository (analysis-fixtures.test.ts checks them against the contracts' schemas).
 */

const ISO = '2024-03-08T10:00:00.000Z';

export function branchFixture(overrides: Partial<Branch> = {}): Branch {
  return {
    name: 'feature/refunds',
    ref: `refs/heads/${overrides.name ?? 'feature/refunds'}`,
    tip: '5b7537f69f853741c84b6639bb933555bca951c1',
    isDefault: false,
    lastCommitDate: '2024-03-05T10:00:00.000Z',
    daysSinceLastCommit: 991,
    author: { name: 'Grace Hopper', email: 'grace@example.com' },
    subject: 'Expose refunds',
    ahead: 2,
    behind: 2,
    merged: false,
    diverged: true,
    releaseLine: null,
    stale: true,
    status: 'diverged',
    oldestUniqueCommitDate: '2024-03-04T10:00:00.000Z',
    ageDays: 992,
    ...overrides,
  };
}

export function branchAnalysisFixture(branches?: Branch[]): BranchAnalysis {
  const list = branches ?? [
    branchFixture({
      name: 'feature/dark-mode',
      status: 'ahead',
      ahead: 1,
      behind: 0,
      diverged: false,
      author: { name: 'Ayşe Kaya', email: 'ayse@example.com' },
      subject: 'Dark mode for the storefront',
      lastCommitDate: '2024-03-08T10:00:00.000Z',
    }),
    branchFixture(),
    branchFixture({
      name: 'fix/typo-in-readme',
      status: 'merged',
      merged: true,
      diverged: false,
      ahead: 0,
      behind: 2,
      author: { name: 'Ayşe Kaya', email: 'ayse@example.com' },
      subject: 'Fix the guide',
      lastCommitDate: '2024-03-03T10:00:00.000Z',
      // A merged branch is never stale: it is the "merged, not deleted" finding.
      stale: false,
      oldestUniqueCommitDate: null,
      ageDays: null,
    }),
    branchFixture({
      name: 'main',
      isDefault: true,
      status: 'default',
      ahead: 0,
      behind: 0,
      diverged: false,
      author: { name: 'Deniz Yılmaz', email: 'deniz@example.com' },
      subject: 'Format prices with the currency',
      lastCommitDate: '2024-03-07T10:00:00.000Z',
      stale: false,
      oldestUniqueCommitDate: null,
      ageDays: null,
    }),
  ];
  const mention = (branch: Branch) => ({
    name: branch.name,
    lastCommitDate: branch.lastCommitDate,
    daysSinceLastCommit: branch.daysSinceLastCommit,
  });
  const count = (status: Branch['status']) =>
    list.filter((branch) => branch.status === status).length;
  return {
    asOf: '2026-11-22T03:00:00.000Z',
    staleDays: 90,
    shallow: false,
    defaultBranch: { name: 'main', ref: 'refs/heads/main', tip: COMMIT, source: 'head' },
    branches: list,
    ignoredRefs: [],
    summary: {
      total: list.length,
      byStatus: {
        default: count('default'),
        merged: count('merged'),
        ahead: count('ahead'),
        diverged: count('diverged'),
      },
      stale: list.filter((branch) => branch.stale).length,
      active: list.filter((branch) => !branch.stale).length,
      releaseLines: {
        count: list.filter((branch) => branch.releaseLine).length,
        branches: list.filter((branch) => branch.releaseLine).map(mention),
      },
      stalest: list.filter((branch) => branch.stale).map(mention),
      mostDiverged: list
        .filter((branch) => branch.diverged)
        .map(({ name, ahead, behind }) => ({ name, ahead, behind })),
      mergedNotDeleted: {
        count: list.filter((branch) => branch.status === 'merged' && !branch.releaseLine).length,
        branches: list
          .filter((branch) => branch.status === 'merged' && !branch.releaseLine)
          .map(mention),
      },
    },
  };
}

const check = (
  id: ReadmeCheck['id'],
  status: ReadmeCheck['status'],
  points: number,
  maxPoints: number,
  suggestionKey: string | null = null,
): ReadmeCheck => ({
  id,
  status,
  passed: status === 'passed',
  points,
  maxPoints,
  evidence:
    status === 'passed'
      ? [{ kind: 'quote', text: id === 'title' ? 'Fixture Shop' : 'Installation', line: 1 }]
      : [],
  suggestionKey,
});

export function readmeResultFixture(content: string | null = '# Fixture Shop\n\nA tiny shop.\n'): {
  readme: ReadmeAnalysis;
  communityFiles: CommunityFilesCheck;
  content: string | null;
} {
  return {
    readme: {
      found: true,
      readme: {
        path: 'README.md',
        format: 'markdown',
        size: 981,
        bytesAnalyzed: 981,
        truncated: false,
        symlinkTarget: null,
      },
      otherCandidates: [],
      score: 75,
      points: 75,
      maxPoints: 100,
      checks: [
        check('title', 'passed', 6, 6),
        check('installation', 'partial', 5, 10, 'readme.suggestion.addInstallationCode'),
        check('security', 'failed', 0, 3, 'readme.suggestion.addSecurity'),
        check('badges', 'notApplicable', 0, 0),
      ],
      notices: [],
      wordCount: 82,
      lineCount: 46,
      outline: [{ depth: 1, text: 'Fixture Shop', line: 1, slug: 'fixture-shop' }],
      links: { total: 0, external: 0, relative: 0, anchors: 0, broken: [] },
      images: [],
      imageCount: 0,
      codeBlocks: { total: 0, untagged: 0, languages: [] },
    },
    communityFiles: {
      files: [
        {
          kind: 'license',
          present: true,
          found: [{ path: 'LICENSE', location: 'root' }],
          suggestionKey: null,
        },
        {
          kind: 'security',
          present: false,
          found: [],
          suggestionKey: 'community.suggestion.addSecurityPolicy',
        },
      ],
      present: 1,
      total: 2,
    },
    content,
  };
}

export function jobFixture(overrides: Partial<JobSummary> = {}): JobSummary {
  return {
    id: 'job-1',
    kind: 'analyze-repository',
    status: 'running',
    stage: 'fetching',
    progress: 5,
    error: null,
    attempts: 1,
    createdAt: ISO,
    updatedAt: ISO,
    finishedAt: null,
    ...overrides,
  };
}

export function entryFixture(
  result: unknown,
  overrides: Partial<RepoAnalysisEntry> = {},
): RepoAnalysisEntry {
  return {
    repoId: 'r-1',
    name: 'payments-api',
    owner: 'acme',
    repo: 'payments-api',
    url: 'https://github.com/acme/payments-api',
    branch: 'main',
    defaultBranch: 'main',
    status: result === null ? 'not_analyzed' : 'ready',
    commit: result === null ? null : COMMIT,
    analyzedAt: result === null ? null : ISO,
    analyzerVersion: result === null ? null : '1',
    stale: false,
    job: null,
    result,
    ...overrides,
  };
}

const envelope = (data: unknown, status = 200) =>
  HttpResponse.json({ success: true, data }, { status });

/** 200: one entry per repository, as GET /api/projects/:id/<path> answers. */
export const analysisReady = (kind: string, repositories: RepoAnalysisEntry[]) =>
  envelope({ projectId: 'p-1', kind, repositories });

/** 202: nothing stored yet, the jobs are running. */
export const analysisAccepted = (jobs: JobSummary[]) =>
  envelope(
    {
      status: jobs.some((job) => job.status === 'running') ? 'running' : 'queued',
      jobId: jobs[0]!.id,
      progress: jobs[0]!.progress,
      jobs,
    },
    202,
  );

export const jobAnswer = (job: JobSummary) => http.get(`/api/jobs/${job.id}`, () => envelope(job));

const ANALYSIS_PATHS = {
  branches: 'branch-analysis',
  readme: 'readme-analysis',
  structure: 'structure-analysis',
  diagram: 'technical-diagram',
} as const;

/**
 * The four analyses of project `projectId` as GET answers them; a kind left out answers one
 * "not analysed yet" entry (the project page's Overview reads all four for its summary).
 */
export function analysisAnswers(
  answers: Partial<Record<keyof typeof ANALYSIS_PATHS, RepoAnalysisEntry[]>> = {},
  projectId = 'p-1',
) {
  return (Object.keys(ANALYSIS_PATHS) as Array<keyof typeof ANALYSIS_PATHS>).map((kind) =>
    http.get(`/api/projects/${projectId}/${ANALYSIS_PATHS[kind]}`, () =>
      analysisReady(kind, answers[kind] ?? [entryFixture(null)]),
    ),
  );
}
