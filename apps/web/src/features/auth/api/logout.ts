import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/logout revokes the refresh token on the server. */
export async function logoutRequest(refreshToken: string | null): Promise<void> {
  await apiRequest({
    method: 'POST',
    url: '/api/auth/logout',
    data: refreshToken ? { refreshToken } : {},
    // Logging out must feel instant; the local sign-out happens whatever the server says.
    retries: 0,
  });
}
