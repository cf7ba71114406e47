import {
  ChatDestinationListSchema,
  ChatDestinationSchema,
  ChatTestResultSchema,
  DeletedResponseSchema,
  type ChatDestination,
  type ChatTestResult,
  type CreateChatDestinationBody,
  type UpdateChatDestinationBody,
} from '@rota/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { projectResourcesKey } from '../../../lib/query-keys';

const path = (projectId: string, destId?: string) =>
  `/api/projects/${encodeURIComponent(projectId)}/chat-destinations${
    destId ? `/${encodeURIComponent(destId)}` : ''
  }`;

/** Below the project's resources: dropped with the project, like its other data. */
export const chatKeys = {
  list: (projectId: string) => [...projectResourcesKey(projectId), 'chat-destinations'] as const,
};

/** GET /api/projects/{id}/chat-destinations: each URL masked, never whole. */
export function useChatDestinations(projectId: string) {
  return useQuery({
    queryKey: chatKeys.list(projectId),
    queryFn: ({ signal }) =>
      apiRequest({ method: 'GET', url: path(projectId), signal }, ChatDestinationListSchema),
  });
}

/** The list after a write: the answer replaces (or adds) its destination. */
function useListWrite<A>(
  projectId: string,
  write: (args: A) => Promise<ChatDestination>,
): ReturnType<typeof useMutation<ChatDestination, unknown, A>> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (saved) =>
      client.setQueryData<ChatDestination[]>(chatKeys.list(projectId), (list = []) =>
        list.some((item) => item.id === saved.id)
          ? list.map((item) => (item.id === saved.id ? saved : item))
          : [...list, saved],
      ),
  });
}

export function useCreateChatDestination(projectId: string) {
  return useListWrite(projectId, (body: CreateChatDestinationBody) =>
    apiRequest({ method: 'POST', url: path(projectId), data: body }, ChatDestinationSchema),
  );
}

export function useUpdateChatDestination(projectId: string) {
  return useListWrite(projectId, ({ id, body }: { id: string; body: UpdateChatDestinationBody }) =>
    apiRequest({ method: 'PUT', url: path(projectId, id), data: body }, ChatDestinationSchema),
  );
}

export function useDeleteChatDestination(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest({ method: 'DELETE', url: path(projectId, id) }, DeletedResponseSchema),
    onSuccess: ({ id }) =>
      client.setQueryData<ChatDestination[]>(chatKeys.list(projectId), (list = []) =>
        list.filter((item) => item.id !== id),
      ),
  });
}

/** POST …/{destId}/test: sent now; the answer says what the receiver did with it. */
export function useTestChatDestination(projectId: string) {
  return useMutation({
    mutationFn: (id: string): Promise<ChatTestResult> =>
      apiRequest({ method: 'POST', url: `${path(projectId, id)}/test` }, ChatTestResultSchema),
  });
}
