import { ErrorCodes, ErrorStatuses } from '@rota/contracts';
import { describe, expect, it } from 'vitest';
import {
  AppError,
  conflict,
  notFound,
  serviceUnavailable,
  tooManyRequests,
  unauthorized,
  validationError,
} from './errors.js';

describe('AppError', () => {
  it('answers with the status contracts give its code', () => {
    for (const code of Object.values(ErrorCodes)) {
      expect(new AppError(code, 'message').statusCode, code).toBe(ErrorStatuses[code]);
    }
  });

  it('keeps its message, field errors and headers', () => {
    const error = new AppError(ErrorCodes.validation, 'Name is required', [
      { path: 'name', message: 'Name is required' },
    ]);
    expect(error).toMatchObject({
      name: 'AppError',
      code: 'VALIDATION_ERROR',
      statusCode: 400,
      message: 'Name is required',
      errors: [{ path: 'name', message: 'Name is required' }],
    });
  });
});

describe('the helpers', () => {
  it('answer with the statuses they are named after', () => {
    expect(notFound()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', message: 'Not found' });
    expect(unauthorized()).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
    expect(unauthorized(ErrorCodes.webhookSignatureInvalid, 'Bad signature')).toMatchObject({
      statusCode: 401,
      code: 'WEBHOOK_SIGNATURE_INVALID',
    });
    expect(conflict(ErrorCodes.emailTaken, 'Taken')).toMatchObject({
      statusCode: 409,
      code: 'EMAIL_TAKEN',
    });
    expect(validationError([{ path: 'url', message: 'URL is required' }])).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_ERROR',
      message: 'URL is required',
    });
    expect(serviceUnavailable(ErrorCodes.githubOAuthUnavailable, 'Off')).toMatchObject({
      statusCode: 503,
      code: 'GITHUB_OAUTH_UNAVAILABLE',
    });
  });

  it('say how long to wait after too many attempts, in whole seconds', () => {
    expect(tooManyRequests(1500)).toMatchObject({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Try again in 2 seconds.',
      headers: { 'retry-after': '2' },
    });
  });
});
