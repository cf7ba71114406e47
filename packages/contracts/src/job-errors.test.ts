import { describe, expect, it } from 'vitest';
import { JobSummarySchema } from './analysis-api.js';
import { ErrorCodes } from './errors.js';
import {
  AnalysisErrorCodes,
  isJobFailureCode,
  JOB_FAILURE_CODES,
  JobErrorCodes,
  RepoFetchErrorCodes,
} from './job-errors.js';

describe('job failure codes', () => {
  it('hold the job codes, the repository fetch and engine codes, and the API codes, each once', () => {
    const values = [...Object.values(JobErrorCodes), ...Object.values(ErrorCodes)];
    expect(new Set(values).size).toBe(values.length);
    expect([...JOB_FAILURE_CODES].sort()).toEqual(values.sort());
    for (const code of [
      ...Object.values(RepoFetchErrorCodes),
      ...Object.values(AnalysisErrorCodes),
    ])
      expect(Object.values(JobErrorCodes)).toContain(code);
  });

  it('are told apart from any other text', () => {
    expect(isJobFailureCode('WORKER_LOST')).toBe(true);
    expect(isJobFailureCode('GITHUB_RATE_LIMITED')).toBe(true);
    expect(isJobFailureCode('ENOENT')).toBe(false);
    expect(isJobFailureCode(undefined)).toBe(false);
  });

  it('are a job summary error code on the wire as plain strings', () => {
    const summary = {
      id: 'j1',
      kind: 'analyze-repository',
      status: 'failed',
      stage: null,
      progress: 0,
      error: { code: 'REPO_NOT_FOUND', message: 'Repository not found' },
      attempts: 1,
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
      finishedAt: '2025-01-01T00:00:00.000Z',
    };
    expect(JobSummarySchema.parse(summary)).toEqual(summary);
    expect(
      JobSummarySchema.safeParse({ ...summary, error: { code: 'ENOENT', message: 'x' } }).success,
    ).toBe(false);
  });
});
