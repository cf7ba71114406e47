import { UserSettingsSchema, type UserSettings } from '@rota/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { SETTINGS_PATHS } from './paths';
import { accountKeys } from './query-keys';

/** GET /api/user/settings: notifications, integrations, preferences, and which were chosen. */
export function fetchSettings(signal?: AbortSignal): Promise<UserSettings> {
  return apiRequest(
    { method: 'GET', url: SETTINGS_PATHS.settings, ...(signal ? { signal } : {}) },
    UserSettingsSchema,
  );
}

export const settingsQueryOptions = queryOptions({
  queryKey: accountKeys.settings,
  queryFn: ({ signal }) => fetchSettings(signal),
});

export function useSettings() {
  return useQuery(settingsQueryOptions);
}
