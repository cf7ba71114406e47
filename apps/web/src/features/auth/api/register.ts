import { AuthResponseCheckSchema, type RegisterBody } from '@rota/contracts';
import { apiRequest } from '../../../lib/api-client';
import type { AuthSession } from '../types';

/** POST /api/auth/register. Takes the body only, so a form's confirmPassword cannot leak into it. */
export function registerRequest({ name, email, password }: RegisterBody): Promise<AuthSession> {
  return apiRequest(
    { method: 'POST', url: '/api/auth/register', data: { name, email, password } },
    AuthResponseCheckSchema,
  );
}
