/** What the app layer uses from the auth feature. */
export { useAuthStore, type AuthState, type AuthResult } from './auth-store';
export type { AuthUser } from './types';
