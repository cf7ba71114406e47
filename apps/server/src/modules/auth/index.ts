/**
 * Accounts with e-mail and password: registration, sign-in, rotating refresh tokens, access tokens,
 * and the hourly purge of expired refresh tokens (a scheduled job).
 */
export { KnownUsers } from './known-users.js';
export { authRoutes } from './routes.js';
export { AuthService } from './service.js';
export { AccessTokens } from './tokens.js';
export { REFRESH_TOKEN_PURGE_JOB, refreshTokenPurgeSchedule } from './purge-job.js';
