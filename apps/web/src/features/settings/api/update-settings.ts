import {
  UserSettingsSchema,
  type UpdateUserSettingsBody,
  type UserSettings,
} from '@rota/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { SETTINGS_PATHS } from './paths';
import { accountKeys } from './query-keys';

/** PUT /api/user/settings: any part of the settings; the answer is the whole. */
export function updateSettings(body: UpdateUserSettingsBody): Promise<UserSettings> {
  return apiRequest(
    { method: 'PUT', url: SETTINGS_PATHS.settings, data: body },
    UserSettingsSchema,
  );
}

export function useUpdateSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (settings) => client.setQueryData(accountKeys.settings, settings),
  });
}
