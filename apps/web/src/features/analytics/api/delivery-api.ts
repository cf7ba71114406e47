import {
  DeliverySchema,
  DeliverySettingsSchema,
  IncidentTokenSchema,
  type Delivery,
  type DeliverySettings,
  type DeliverySettingsInput,
} from '@rota/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ANALYTICS_TIMEOUT_MS } from '../../../lib/api-config';
import { apiRequest } from '../../../lib/api-client';
import { projectResourcesKey } from '../../../lib/query-keys';

/** Under the project's resources, so the projects feature drops them with the project. */
export const deliveryKeys = {
  all: (projectId: string) => [...projectResourcesKey(projectId), 'delivery'] as const,
  figures: (projectId: string, params: Record<string, string>) =>
    [...projectResourcesKey(projectId), 'delivery', 'figures', params] as const,
  settings: (projectId: string) =>
    [...projectResourcesKey(projectId), 'delivery', 'settings'] as const,
};

const base = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}/delivery`;

/** GET /api/projects/{id}/delivery: the four keys, rework and the stages for one period. */
export function useDelivery(projectId: string, params: Record<string, string>, enabled = true) {
  return useQuery({
    enabled,
    queryKey: deliveryKeys.figures(projectId, params),
    queryFn: ({ signal }): Promise<Delivery> =>
      apiRequest(
        { method: 'GET', url: base(projectId), params, timeout: ANALYTICS_TIMEOUT_MS, signal },
        DeliverySchema,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useDeliverySettings(projectId: string, enabled = true) {
  return useQuery({
    queryKey: deliveryKeys.settings(projectId),
    queryFn: ({ signal }): Promise<DeliverySettings> =>
      apiRequest(
        { method: 'GET', url: `${base(projectId)}/settings`, signal },
        DeliverySettingsSchema,
      ),
    enabled,
  });
}

/** PUT: the whole settings; the figures are read again with the new sources. */
export function useSaveDeliverySettings(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: DeliverySettingsInput): Promise<DeliverySettings> =>
      apiRequest(
        { method: 'PUT', url: `${base(projectId)}/settings`, data: input },
        DeliverySettingsSchema,
      ),
    onSuccess: (saved) => {
      client.setQueryData(deliveryKeys.settings(projectId), saved);
      void client.invalidateQueries({ queryKey: deliveryKeys.all(projectId) });
    },
  });
}

/** POST: a new incident token (replacing any older one); its value is in this answer only. */
export function useCreateIncidentToken(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<{ token: string }> =>
      apiRequest({ method: 'POST', url: `${base(projectId)}/incident-token` }, IncidentTokenSchema),
    onSuccess: () => void client.invalidateQueries({ queryKey: deliveryKeys.settings(projectId) }),
  });
}

export function useDeleteIncidentToken(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest({ method: 'DELETE', url: `${base(projectId)}/incident-token` }),
    onSuccess: () => void client.invalidateQueries({ queryKey: deliveryKeys.settings(projectId) }),
  });
}
