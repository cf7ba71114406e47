import { z } from 'zod';

/** Machine-readable error codes. Every error the API sends carries one of these. */
export const ErrorCodes = {
  validation: 'VALIDATION_ERROR',
  badRequest: 'BAD_REQUEST',
  unauthorized: 'UNAUTHORIZED',
  tokenExpired: 'TOKEN_EXPIRED',
  tokenInvalid: 'TOKEN_INVALID',
  invalidCredentials: 'INVALID_CREDENTIALS',
  refreshTokenInvalid: 'REFRESH_TOKEN_INVALID',
  refreshTokenReused: 'REFRESH_TOKEN_REUSED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  emailTaken: 'EMAIL_TAKEN',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  uriTooLong: 'URI_TOO_LONG',
  headersTooLarge: 'HEADERS_TOO_LARGE',
  requestTimeout: 'REQUEST_TIMEOUT',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  rateLimited: 'RATE_LIMITED',
  /** 429: the user already has the most analyses queued or running that they may have. */
  activeAnalysesLimit: 'ACTIVE_ANALYSES_LIMIT',
  /** 429: the user has started the most repository analyses they may start in an hour. */
  repoAnalyzeHourlyLimit: 'REPO_ANALYZE_HOURLY_LIMIT',
  internal: 'INTERNAL_ERROR',
  serviceUnavailable: 'SERVICE_UNAVAILABLE',
  githubOAuthUnavailable: 'GITHUB_OAUTH_UNAVAILABLE',
} as const;

export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

export const FieldErrorSchema = z.object({
  path: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof FieldErrorSchema>;

export const ErrorResponseSchema = z.object({
  success: z.literal(false),
  error: z.object({
    message: z.string(),
    code: z.string(),
    errors: z.array(FieldErrorSchema).optional(),
    requestId: z.string().optional(),
  }),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

/** `{ success: true, data }`: the envelope of every successful answer (DESIGN §4). */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}
