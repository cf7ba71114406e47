export { KnownUsers } from './known-users.js';
export { authRoutes } from './routes.js';
export { AuthService } from './service.js';
export { AccessTokens } from './tokens.js';
