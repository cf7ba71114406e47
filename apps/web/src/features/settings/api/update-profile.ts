import { ProfileSchema, type Profile, type UpdateProfileBody } from '@rota/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { SETTINGS_PATHS } from './paths';
import { accountKeys } from './query-keys';

/** PUT /api/user/profile: the name, and the avatar (null removes it). */
export function updateProfile(body: UpdateProfileBody): Promise<Profile> {
  return apiRequest({ method: 'PUT', url: SETTINGS_PATHS.profile, data: body }, ProfileSchema);
}

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => client.setQueryData(accountKeys.profile, profile),
  });
}
