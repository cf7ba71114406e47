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
  /** 409: an archived project starts no background work (its stored results stay readable). */
  projectArchived: 'PROJECT_ARCHIVED',
  internal: 'INTERNAL_ERROR',
  serviceUnavailable: 'SERVICE_UNAVAILABLE',
  githubOAuthUnavailable: 'GITHUB_OAUTH_UNAVAILABLE',
  /** 400: refresh-token asked for a user who never signed in with GitHub. */
  githubAccountNotLinked: 'GITHUB_ACCOUNT_NOT_LINKED',
  /** 400: the stored GitHub token is a classic OAuth token that never expires; nothing to refresh. */
  githubTokenNotExpiring: 'GITHUB_TOKEN_NOT_EXPIRING',
  /** 400: GitHub refused the stored refresh token (expired or revoked); sign in with GitHub again. */
  githubRefreshRejected: 'GITHUB_REFRESH_REJECTED',
  /** 424: GitHub refused the token (revoked or expired); Rota's own session is fine. */
  githubTokenRevoked: 'GITHUB_TOKEN_REVOKED',
  /** 403: the token may not see or do this on GitHub. */
  githubForbidden: 'GITHUB_FORBIDDEN',
  /** 429: GitHub's rate limit for this token is used up (retry-after says until when). */
  githubRateLimited: 'GITHUB_RATE_LIMITED',
  /** 404: GitHub has no such thing, or it is private to others. */
  githubNotFound: 'GITHUB_NOT_FOUND',
  /** 409: the call needs the user's own GitHub account, and they have not connected one. */
  githubNotConnected: 'GITHUB_NOT_CONNECTED',
  /** 502: GitHub failed or could not be reached. */
  githubUnavailable: 'GITHUB_UNAVAILABLE',
  /**
   * 409: the webhook URL (WEBHOOK_URL, else PUBLIC_URL's) is a loopback or private address GitHub
   * cannot reach, so no webhook is installed; the scheduled sync keeps the data fresh instead.
   */
  webhookUrlUnreachable: 'WEBHOOK_URL_UNREACHABLE',
  /** Per repository: the forge refused to add or remove a webhook (admin rights are needed). */
  webhookAdminRequired: 'WEBHOOK_ADMIN_REQUIRED',
  /** Per repository: the forge refused the webhook itself (e.g. the same hook already exists). */
  webhookRejected: 'WEBHOOK_REJECTED',
  /** Per repository: its host is no forge with webhooks (a plain git host); nothing was done. */
  webhookNotSupported: 'WEBHOOK_NOT_SUPPORTED',
  /** 401: a webhook delivery without a valid signature (missing, malformed or wrong). */
  webhookSignatureInvalid: 'WEBHOOK_SIGNATURE_INVALID',
  /** Publishing a review: GitHub refused what was posted (422, e.g. a pull request that moved on). */
  reviewPublishRejected: 'REVIEW_PUBLISH_REJECTED',
  /** 409: the change would leave the installation without an administrator. */
  lastAdministrator: 'LAST_ADMINISTRATOR',
} as const;

export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

/**
 * The HTTP status each code is answered with. Chosen here and nowhere else, so one code never goes
 * out with two statuses and a new code cannot be added without one.
 */
export const ErrorStatuses = {
  [ErrorCodes.validation]: 400,
  [ErrorCodes.badRequest]: 400,
  [ErrorCodes.unauthorized]: 401,
  [ErrorCodes.tokenExpired]: 401,
  [ErrorCodes.tokenInvalid]: 401,
  [ErrorCodes.invalidCredentials]: 401,
  [ErrorCodes.refreshTokenInvalid]: 401,
  [ErrorCodes.refreshTokenReused]: 401,
  [ErrorCodes.forbidden]: 403,
  [ErrorCodes.notFound]: 404,
  [ErrorCodes.conflict]: 409,
  [ErrorCodes.emailTaken]: 409,
  [ErrorCodes.payloadTooLarge]: 413,
  [ErrorCodes.uriTooLong]: 414,
  [ErrorCodes.headersTooLarge]: 431,
  [ErrorCodes.requestTimeout]: 408,
  [ErrorCodes.unsupportedMediaType]: 415,
  [ErrorCodes.rateLimited]: 429,
  [ErrorCodes.activeAnalysesLimit]: 429,
  [ErrorCodes.repoAnalyzeHourlyLimit]: 429,
  [ErrorCodes.projectArchived]: 409,
  [ErrorCodes.internal]: 500,
  [ErrorCodes.serviceUnavailable]: 503,
  [ErrorCodes.githubOAuthUnavailable]: 503,
  [ErrorCodes.githubAccountNotLinked]: 400,
  [ErrorCodes.githubTokenNotExpiring]: 400,
  [ErrorCodes.githubRefreshRejected]: 400,
  [ErrorCodes.githubTokenRevoked]: 424,
  [ErrorCodes.githubForbidden]: 403,
  [ErrorCodes.githubRateLimited]: 429,
  [ErrorCodes.githubNotFound]: 404,
  [ErrorCodes.githubNotConnected]: 409,
  [ErrorCodes.githubUnavailable]: 502,
  [ErrorCodes.webhookUrlUnreachable]: 409,
  [ErrorCodes.webhookAdminRequired]: 403,
  [ErrorCodes.webhookRejected]: 422,
  // Only ever a repository's outcome inside a 200 answer; 422 like the forge's own refusals.
  [ErrorCodes.webhookNotSupported]: 422,
  [ErrorCodes.webhookSignatureInvalid]: 401,
  [ErrorCodes.reviewPublishRejected]: 422,
  [ErrorCodes.lastAdministrator]: 409,
} as const satisfies Record<ErrorCode, number>;

export type ErrorStatus = (typeof ErrorStatuses)[ErrorCode];
