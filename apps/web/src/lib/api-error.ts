import { FallbackMessages, type FieldError } from '@rota/contracts';
import { HttpFailure, NoAnswer } from './api-transport';

/** Client-side codes for failures the server never saw or answered oddly. */
export const ClientErrorCodes = {
  network: 'NETWORK_ERROR',
  unknown: 'UNKNOWN_ERROR',
  invalidResponse: 'INVALID_RESPONSE',
} as const;

interface ApiErrorInit {
  message: string;
  code: string;
  status: number | null;
  errors?: FieldError[];
  retryAfterSeconds?: number | null;
}

/** Every failed call surfaces as one of these (spec §8): message, code, errors and status. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number | null;
  readonly errors: FieldError[];
  readonly retryAfterSeconds: number | null;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.code = init.code;
    this.status = init.status;
    this.errors = init.errors ?? [];
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const nonEmptyString = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

function fieldErrors(value: unknown): FieldError[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    if (!isRecord(item)) return [];
    const message = nonEmptyString(item.message);
    if (!message) return [];
    return [{ path: typeof item.path === 'string' ? item.path : '', message }];
  });
}

/** The spec §8 message rules, in the order spec §8 gives them. */
function describeBody(body: unknown): { message: string; code?: string; errors: FieldError[] } {
  if (!isRecord(body)) return { message: FallbackMessages.generic, errors: [] };
  const stringError = nonEmptyString(body.error);
  if (stringError) return { message: stringError, errors: [] };
  const error = isRecord(body.error) ? body.error : undefined;
  const message =
    nonEmptyString(error?.message) ??
    (body.success === false ? nonEmptyString(body.message) : undefined) ??
    FallbackMessages.generic;
  const code = nonEmptyString(error?.code) ?? nonEmptyString(body.code);
  return { message, errors: fieldErrors(error?.errors), ...(code ? { code } : {}) };
}

/** Retry-After is either seconds or an HTTP date. */
export function parseRetryAfter(header: unknown, now = Date.now()): number | null {
  if (typeof header !== 'string' || header.trim() === '') return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof HttpFailure) {
    const { response } = error;
    const described = describeBody(response.data);
    return new ApiError({
      message: described.message,
      code: described.code ?? ClientErrorCodes.unknown,
      status: response.status,
      errors: described.errors,
      retryAfterSeconds: parseRetryAfter(response.headers.get('retry-after') ?? undefined),
    });
  }
  // Sent but never answered: offline, DNS, timeout, or cancelled.
  if (error instanceof NoAnswer) {
    return new ApiError({
      message: FallbackMessages.network,
      code: ClientErrorCodes.network,
      status: null,
    });
  }
  return new ApiError({
    message: FallbackMessages.generic,
    code: ClientErrorCodes.unknown,
    status: null,
  });
}
