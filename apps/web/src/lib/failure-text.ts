import {
  ErrorCodes,
  JobErrorCodes,
  type ErrorCode,
  type JobErrorCode,
  type RepoFailure,
  type RepoFailureAction,
} from '@rota/contracts';
import type { TFunction } from 'i18next';

// The texts (locales/failures/<language>.json) come with the language's catalogue (lib/i18n.ts).

/** Every code the server may send: the API's own and those only jobs report. */
export const ALL_FAILURE_CODES: ReadonlyArray<ErrorCode | JobErrorCode> = [
  ...new Set<ErrorCode | JobErrorCode>([
    ...Object.values(ErrorCodes),
    ...Object.values(JobErrorCodes),
  ]),
];

const known: ReadonlySet<string> = new Set(ALL_FAILURE_CODES);

export function isKnownCode(code: string | undefined): code is ErrorCode | JobErrorCode {
  return code !== undefined && known.has(code);
}

/**
 * The one sentence for a code, in the UI language (`failures.codes.<CODE>`, both languages; a test
 * checks every code has both). Never the server's own English message, never git's stderr: an
 * unknown code is named, not explained with a text the user cannot read.
 */
export function codeText(t: TFunction, code: string, vars: { branch?: string } = {}): string {
  return isKnownCode(code)
    ? t(`failures.codes.${code}`, { branch: vars.branch ?? '' })
    : t('failures.unknownCode', { code });
}

/** A repository's branch as the pages write it: an empty branch is the repository's default. */
export function branchLabel(t: TFunction, branch: string | null, defaultBranch: string | null) {
  if (branch) return branch;
  return defaultBranch
    ? t('failures.defaultBranchNamed', { branch: defaultBranch })
    : t('failures.defaultBranch');
}

/** The failure's cause, in the UI language. */
export function failureCause(t: TFunction, failure: RepoFailure): string {
  return codeText(t, failure.code, { branch: branchLabel(t, failure.branch, null) });
}

/** The label of the one action that fixes a failure (null: nothing a user can do here). */
export function failureActionLabel(
  t: TFunction,
  failure: Pick<RepoFailure, 'action' | 'defaultBranch' | 'source'>,
): string | null {
  const action: RepoFailureAction = failure.action;
  switch (action) {
    case 'useDefaultBranch':
      return t('failures.actions.useDefaultBranch', { branch: failure.defaultBranch ?? '' });
    case 'retry':
      return t(failure.source === 'sync' ? 'failures.actions.retrySync' : 'failures.actions.retry');
    case 'none':
      return null;
    default:
      return t(`failures.actions.${action}`);
  }
}
