import {
  ErrorCodes,
  ErrorStatuses,
  type ErrorCode,
  type ErrorStatus,
  type FieldError,
} from '@rota/contracts';

/**
 * The one error type services throw. The error handler turns it into the API's envelope; its
 * message is shown to users, so it must never carry internals. Its HTTP status is its code's
 * (contracts' ErrorStatuses), never chosen where it is thrown.
 */
export class AppError extends Error {
  readonly statusCode: ErrorStatus;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = ErrorStatuses[code];
  }
}

/** The codes answered with `status`: a helper named after a status takes only those. */
type CodeWithStatus<S extends ErrorStatus> = {
  [C in ErrorCode]: (typeof ErrorStatuses)[C] extends S ? C : never;
}[ErrorCode];

export const notFound = (message = 'Not found') => new AppError(ErrorCodes.notFound, message);

export const unauthorized = (
  code: CodeWithStatus<401> = ErrorCodes.unauthorized,
  message = 'Authentication required',
) => new AppError(code, message);

export const conflict = (code: CodeWithStatus<409>, message: string) => new AppError(code, message);

export const validationError = (errors: FieldError[]) =>
  new AppError(ErrorCodes.validation, errors[0]?.message ?? 'Validation failed', errors);

export const tooManyRequests = (retryAfterMs: number) => {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError(
    ErrorCodes.rateLimited,
    `Too many attempts. Try again in ${seconds} seconds.`,
    undefined,
    { 'retry-after': String(seconds) },
  );
};

export const serviceUnavailable = (code: CodeWithStatus<503>, message: string) =>
  new AppError(code, message);
