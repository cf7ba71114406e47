import { ErrorCodes, type ErrorCode, type FieldError } from '@rota/contracts';

/**
 * The one error type services throw. The error handler turns it into the API's envelope; its
 * message is shown to users, so it must never carry internals.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message = 'Not found') => new AppError(404, ErrorCodes.notFound, message);

export const unauthorized = (
  code: ErrorCode = ErrorCodes.unauthorized,
  message = 'Authentication required',
) => new AppError(401, code, message);

export const conflict = (code: ErrorCode, message: string) => new AppError(409, code, message);

export const validationError = (errors: FieldError[]) =>
  new AppError(400, ErrorCodes.validation, errors[0]?.message ?? 'Validation failed', errors);

export const tooManyRequests = (retryAfterMs: number) => {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError(
    429,
    ErrorCodes.rateLimited,
    `Too many attempts. Try again in ${seconds} seconds.`,
    undefined,
    { 'retry-after': String(seconds) },
  );
};

export const serviceUnavailable = (code: ErrorCode, message: string) =>
  new AppError(503, code, message);
