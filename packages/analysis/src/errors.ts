import type { AnalysisErrorCode } from '@rota/contracts';

/**
 * The only error the engine throws: a code the caller can branch on and a sentence a user can act
 * on. Anything unexpected from git is wrapped into one of these, never leaked raw.
 */
export class AnalysisError extends Error {
  constructor(
    readonly code: AnalysisErrorCode,
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'AnalysisError';
  }
}

export function isAnalysisError(error: unknown): error is AnalysisError {
  return error instanceof AnalysisError;
}
