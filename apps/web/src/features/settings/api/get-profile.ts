import { ProfileSchema, type Profile } from '@rota/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { SETTINGS_PATHS } from './paths';
import { accountKeys } from './query-keys';

/** GET /api/user/profile: name, e-mail, avatar, role and whether a password is set. */
export function fetchProfile(signal?: AbortSignal): Promise<Profile> {
  return apiRequest(
    { method: 'GET', url: SETTINGS_PATHS.profile, ...(signal ? { signal } : {}) },
    ProfileSchema,
  );
}

export const profileQueryOptions = queryOptions({
  queryKey: accountKeys.profile,
  queryFn: ({ signal }) => fetchProfile(signal),
});

export function useProfile() {
  return useQuery(profileQueryOptions);
}
