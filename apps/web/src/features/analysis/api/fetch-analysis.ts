import {
  AnalysisAcceptedSchema,
  FallbackMessages,
  ProjectAnalysisResponseSchema,
  type AnalysisAccepted,
  type RepoAnalysisEntry,
} from '@rota/contracts';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-envelope';
import { ApiError, ClientErrorCodes } from '../../../lib/api-error';
import { isResultOf } from '../model/result-guards';
import { endpoints, type AnalysisView, type ResultOf } from './analysis-kinds';
import { analysisPath } from './analysis-path';

/** One repository's answer, its result's shape checked (null when it is not the kind asked for). */
export interface AnalysisEntry<K extends AnalysisView> extends Omit<RepoAnalysisEntry, 'result'> {
  result: ResultOf<K> | null;
  /** A result was stored but does not have the shape this web expects. */
  invalidResult: boolean;
}

/** 202: nothing is stored for any repository yet and jobs are running; 200: one entry per repository. */
export type AnalysisSnapshot<K extends AnalysisView> =
  | { state: 'accepted'; accepted: AnalysisAccepted }
  | { state: 'ready'; entries: AnalysisEntry<K>[] };

function parse<T>(schema: z.ZodType<T>, body: unknown, status: number): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw new ApiError({
    message: FallbackMessages.generic,
    code: ClientErrorCodes.invalidResponse,
    status,
  });
}

function toEntry<K extends AnalysisView>(kind: K, entry: RepoAnalysisEntry): AnalysisEntry<K> {
  if (entry.result === null || entry.result === undefined)
    return { ...entry, result: null, invalidResult: false };
  return isResultOf(kind, entry.result)
    ? { ...entry, result: entry.result, invalidResult: false }
    : { ...entry, result: null, invalidResult: true };
}

/**
 * GET reads what is stored (the server starts a job only when the repository may have moved on);
 * `refresh` asks for a fresh fetch and recompute (POST, `?refresh=true` or `?force=true`).
 */
export async function fetchAnalysis<K extends AnalysisView>(
  projectId: string,
  kind: K,
  options: { refresh?: boolean; signal?: AbortSignal } = {},
): Promise<AnalysisSnapshot<K>> {
  const endpoint = endpoints[kind];
  const refresh = options.refresh === true;
  const response = await apiClient.request({
    method: refresh ? endpoint.refresh.method : 'GET',
    url: analysisPath(projectId, kind),
    timeout: endpoint.timeout,
    ...(refresh && endpoint.refresh.params ? { params: endpoint.refresh.params } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const body = unwrap(response.data);
  if (response.status === 202) {
    return { state: 'accepted', accepted: parse(AnalysisAcceptedSchema, body, 202) };
  }
  const data = parse(ProjectAnalysisResponseSchema, body, response.status);
  return { state: 'ready', entries: data.repositories.map((entry) => toEntry(kind, entry)) };
}
