import { apiRequest } from '../../../lib/api-client';
import { VerifyAnswerSchema, type AuthUser } from '../types';
import { VERIFY_PATH } from './paths';

/** GET /api/auth/verify: the user behind the stored access token. */
export async function verifyRequest(): Promise<AuthUser> {
  const answer = await apiRequest({ method: 'GET', url: VERIFY_PATH }, VerifyAnswerSchema);
  return answer.user;
}
