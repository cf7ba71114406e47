import { WebhookChangeSchema, type WebhookChange } from '@rota/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { PROJECTS_QUERY_ROOT } from '../../../lib/query-keys';

export type WebhookAction = 'install' | 'remove';

/** POST (install) or DELETE (remove) /api/projects/{id}/webhook: one outcome per repository. */
export function changeWebhooks(projectId: string, action: WebhookAction): Promise<WebhookChange> {
  return apiRequest(
    {
      method: action === 'install' ? 'POST' : 'DELETE',
      url: `/api/projects/${encodeURIComponent(projectId)}/webhook`,
    },
    WebhookChangeSchema,
  );
}

/**
 * Installing or removing the project's webhooks changes what keeps each repository current, and
 * the project's own rows (`webhook_installed`): everything under the projects root is read again.
 */
export function useChangeWebhooks(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: WebhookAction) => changeWebhooks(projectId, action),
    onSuccess: () => client.invalidateQueries({ queryKey: [PROJECTS_QUERY_ROOT] }),
  });
}
