import { DigestPreviewSchema, type DigestPreview } from '@rota/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { SETTINGS_PATHS } from './paths';
import { accountKeys } from './query-keys';

/** GET /api/notifications/digest/preview: exactly what the next digest would send, from the saved settings. */
export function fetchDigestPreview(signal?: AbortSignal): Promise<DigestPreview> {
  return apiRequest(
    { method: 'GET', url: SETTINGS_PATHS.digestPreview, ...(signal ? { signal } : {}) },
    DigestPreviewSchema,
  );
}

/** Asked for only while the preview is open; fetched again each time it opens. */
export function useDigestPreview(enabled: boolean) {
  return useQuery({
    queryKey: accountKeys.digestPreview,
    queryFn: ({ signal }) => fetchDigestPreview(signal),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}
