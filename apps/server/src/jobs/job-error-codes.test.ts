import { ErrorCodes } from '@rota/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors.js';
import { RepoStoreError } from '../repo-store/errors.js';
import { describeError } from './job-runner.js';
import { toJobRecord } from './queries.js';
import { PermanentJobError } from './types.js';

describe('describeError', () => {
  it('keeps the code of a failure the job vocabulary names', () => {
    expect(describeError(new PermanentJobError('BAD_PAYLOAD', 'Malformed payload'))).toEqual({
      code: 'BAD_PAYLOAD',
      message: 'Malformed payload',
    });
    expect(describeError(new RepoStoreError('REPO_TIMEOUT')).code).toBe('REPO_TIMEOUT');
    expect(describeError(Object.assign(new Error('git failed'), { code: 'GIT_FAILED' })).code).toBe(
      'GIT_FAILED',
    );
    expect(describeError(new AppError(ErrorCodes.githubRateLimited, 'Rate limited')).code).toBe(
      'GITHUB_RATE_LIMITED',
    );
  });

  it('says JOB_FAILED for any other code, keeping the message', () => {
    const error = Object.assign(new Error('no such file or directory'), { code: 'ENOENT' });
    expect(describeError(error)).toEqual({
      code: 'JOB_FAILED',
      message: 'no such file or directory',
    });
    expect(describeError(new Error('boom'))).toEqual({ code: 'JOB_FAILED', message: 'boom' });
    expect(describeError('text')).toEqual({ code: 'JOB_FAILED', message: 'text' });
  });
});

describe('toJobRecord', () => {
  const row = {
    id: 'j1',
    kind: 'analyze-repository',
    dedupeKey: null,
    status: 'failed',
    stage: null,
    progress: 0,
    payload: {},
    result: null,
    attempts: 1,
    maxAttempts: 1,
    ownerId: null,
    projectId: null,
    createdAt: new Date(0),
    updatedAt: new Date(0),
    startedAt: null,
    finishedAt: new Date(0),
  } as unknown as Parameters<typeof toJobRecord>[0];

  it('reads a stored code of the vocabulary as it is', () => {
    const error = { code: 'WORKER_LOST', message: 'The worker stopped' };
    expect(toJobRecord({ ...row, error }).error).toEqual(error);
    expect(toJobRecord({ ...row, error: null }).error).toBeNull();
  });

  it('reads a stored code from outside it as JOB_FAILED, keeping the message', () => {
    expect(
      toJobRecord({ ...row, error: { code: '57P01', message: 'terminating connection' } }).error,
    ).toEqual({ code: 'JOB_FAILED', message: 'terminating connection' });
  });
});
