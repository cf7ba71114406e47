import { apiRequest } from '../../../lib/api-client';
import { VerifyAnswerSchema, type AuthUser } from '../types';

/** GET /api/auth/verify: the user behind the stored access token. */
export async function verifyRequest(): Promise<AuthUser> {
  const answer = await apiRequest({ method: 'GET', url: '/api/auth/verify' }, VerifyAnswerSchema);
  return answer.user;
}
