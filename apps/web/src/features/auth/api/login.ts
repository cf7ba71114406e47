import { AuthResponseCheckSchema, type LoginBody } from '@rota/contracts';
import { apiRequest } from '../../../lib/api-client';
import type { AuthSession } from '../types';

/** POST /api/auth/login. The auth store calls it and owns the resulting state. */
export function loginRequest(body: LoginBody): Promise<AuthSession> {
  return apiRequest(
    { method: 'POST', url: '/api/auth/login', data: body },
    AuthResponseCheckSchema,
  );
}
