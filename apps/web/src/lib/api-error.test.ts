import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../test/server';
import { apiRequest, createApiClient } from './api-client';
import { ApiError, parseRetryAfter } from './api-error';

const client = createApiClient({ retryDelay: () => 0, onSessionExpired: vi.fn() });

async function errorFor(response: () => Response): Promise<ApiError> {
  server.use(http.post('/api/thing', response));
  const caught = await apiRequest(
    { method: 'POST', url: '/api/thing', data: {} },
    undefined,
    client,
  )
    .then(() => null)
    .catch((error: unknown) => error);
  expect(caught).toBeInstanceOf(ApiError);
  return caught as ApiError;
}

describe('error messages (spec §8)', () => {
  it('uses error.message and carries code, errors and status', async () => {
    const error = await errorFor(() =>
      HttpResponse.json(
        {
          success: false,
          error: {
            message: 'Validation failed',
            code: 'VALIDATION_ERROR',
            errors: [{ path: 'email', message: 'Invalid email address' }],
          },
        },
        { status: 400 },
      ),
    );
    expect(error.message).toBe('Validation failed');
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.status).toBe(400);
    expect(error.errors).toEqual([{ path: 'email', message: 'Invalid email address' }]);
  });

  it('falls back to the top-level message of a success:false body', async () => {
    const error = await errorFor(() =>
      HttpResponse.json({ success: false, message: 'Top-level message' }, { status: 409 }),
    );
    expect(error.message).toBe('Top-level message');
  });

  it("says 'An error occurred' when a success:false body has no message", async () => {
    const error = await errorFor(() => HttpResponse.json({ success: false }, { status: 422 }));
    expect(error.message).toBe('An error occurred');
    expect(error.status).toBe(422);
  });

  it('uses a string error field as the message', async () => {
    const error = await errorFor(() =>
      HttpResponse.json({ error: 'Not allowed here' }, { status: 403 }),
    );
    expect(error.message).toBe('Not allowed here');
  });

  it("says 'An error occurred' for any other failed answer", async () => {
    const error = await errorFor(() => new HttpResponse('<html>teapot</html>', { status: 418 }));
    expect(error.message).toBe('An error occurred');
    expect(error.status).toBe(418);
  });

  it('reports a request without an answer as a network error', async () => {
    const error = await errorFor(() => HttpResponse.error());
    expect(error.message).toBe('Network error. Please check your connection.');
    expect(error.code).toBe('NETWORK_ERROR');
    expect(error.status).toBeNull();
  });

  it('reads Retry-After on a 429', async () => {
    const error = await errorFor(() =>
      HttpResponse.json(
        { success: false, error: { message: 'Too many requests', code: 'RATE_LIMITED' } },
        { status: 429, headers: { 'Retry-After': '42' } },
      ),
    );
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.retryAfterSeconds).toBe(42);
  });

  it('parses Retry-After as seconds or as a date', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('7', now)).toBe(7);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:01:00 GMT', now)).toBe(60);
    expect(parseRetryAfter(undefined, now)).toBeNull();
  });

  it('rejects an answer that does not fit the expected schema', async () => {
    server.use(
      http.get('/api/shape', () => HttpResponse.json({ success: true, data: { n: 'x' } })),
    );
    const { z } = await import('zod');
    const caught = await apiRequest(
      { url: '/api/shape' },
      z.object({ n: z.number() }),
      client,
    ).catch((error: unknown) => error);
    expect(caught).toBeInstanceOf(ApiError);
    expect((caught as ApiError).code).toBe('INVALID_RESPONSE');
  });
});
