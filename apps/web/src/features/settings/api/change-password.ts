import {
  PasswordChangeResponseSchema,
  type PasswordChangeBody,
  type PasswordChangeResponse,
} from '@rota/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { emitSessionEvent, storeTokens } from '../../../lib/session';
import { SETTINGS_PATHS } from './paths';
import { accountKeys } from './query-keys';

/**
 * PUT /api/user/password. The server ends every session and answers a new one, which this browser
 * keeps. Never retried: a change that went through but whose answer was lost would be refused the
 * second time (the current password is no longer the current one).
 */
export async function changePassword(body: PasswordChangeBody): Promise<PasswordChangeResponse> {
  const session = await apiRequest(
    { method: 'PUT', url: SETTINGS_PATHS.password, data: body, retries: 0 },
    PasswordChangeResponseSchema,
  );
  storeTokens(session.token, session.refreshToken);
  emitSessionEvent({ type: 'refreshed', token: session.token });
  return session;
}

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // An account without a password has one now.
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.profile }),
  });
}
