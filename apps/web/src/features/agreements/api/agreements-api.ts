import {
  AgreementPreviewSchema,
  ProjectAgreementComplianceSchema,
  ProjectAgreementsSchema,
  type AgreementPreview,
  type AgreementSet,
  type AnalyticsPeriod,
  type ProjectAgreementCompliance,
  type ProjectAgreements,
} from '@rota/contracts';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { projectResourcesKey } from '../../../lib/query-keys';

/** What the compliance view asks for: the period and which author kinds besides humans count. */
export interface ComplianceFilters {
  days: AnalyticsPeriod;
  bots: boolean;
  agents: boolean;
}

/** Under the project's resources, so the projects feature drops them with the project. */
export const agreementKeys = {
  all: (projectId: string) => [...projectResourcesKey(projectId), 'agreements'] as const,
  settings: (projectId: string) =>
    [...projectResourcesKey(projectId), 'agreements', 'settings'] as const,
  compliance: (projectId: string, filters: ComplianceFilters) =>
    [...projectResourcesKey(projectId), 'agreements', 'compliance', filters] as const,
};

const base = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}/agreements`;

export const agreementSettingsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: agreementKeys.settings(projectId),
    queryFn: ({ signal }): Promise<ProjectAgreements> =>
      apiRequest({ method: 'GET', url: base(projectId), signal }, ProjectAgreementsSchema),
  });

export const useAgreementSettings = (projectId: string) =>
  useQuery(agreementSettingsQueryOptions(projectId));

export function useAgreementCompliance(projectId: string, filters: ComplianceFilters) {
  const include = [filters.bots && 'bots', filters.agents && 'agents'].filter(Boolean).join(',');
  return useQuery({
    queryKey: agreementKeys.compliance(projectId, filters),
    queryFn: ({ signal }): Promise<ProjectAgreementCompliance> =>
      apiRequest(
        {
          method: 'GET',
          url: `${base(projectId)}/compliance`,
          params: { days: filters.days, ...(include ? { include } : {}) },
          signal,
        },
        ProjectAgreementComplianceSchema,
      ),
    placeholderData: keepPreviousData,
  });
}

/** PUT: the whole set; the compliance figures are read again for it. */
export function useSaveAgreements(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (set: AgreementSet): Promise<ProjectAgreements> =>
      apiRequest({ method: 'PUT', url: base(projectId), data: set }, ProjectAgreementsSchema),
    onSuccess: (saved) => {
      client.setQueryData(agreementKeys.settings(projectId), saved);
      void client.invalidateQueries({ queryKey: agreementKeys.all(projectId) });
    },
  });
}

/** POST …/preview: how often an unsaved set would have fired over the last 30 days. */
export function previewAgreements(projectId: string, set: AgreementSet, signal?: AbortSignal) {
  return apiRequest<AgreementPreview>(
    { method: 'POST', url: `${base(projectId)}/preview`, data: set, ...(signal ? { signal } : {}) },
    AgreementPreviewSchema,
  );
}
