import type {
  BranchAnalysis,
  CommunityFilesCheck,
  CompositionAnalysis,
  ReadmeAnalysis,
  StructureAnalysis,
  TechnicalDiagram,
} from '@rota/contracts';
import { ANALYSIS_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '../../../lib/api-config';

/** The structure kind carries the composition; the readme kind the community files and the text. */
export interface StructureResult {
  structure: StructureAnalysis;
  composition: CompositionAnalysis;
}
export interface ReadmeResult {
  readme: ReadmeAnalysis;
  communityFiles: CommunityFilesCheck;
  content: string | null;
}

interface Results {
  branches: BranchAnalysis;
  readme: ReadmeResult;
  structure: StructureResult;
  diagram: TechnicalDiagram;
}

/** The analyses the product shows, one tab each, in the order of the tabs. */
export type AnalysisView = keyof Results;
export const ANALYSIS_VIEWS = ['branches', 'readme', 'structure', 'diagram'] as const;
export type ResultOf<K extends AnalysisView> = Results[K];

interface Endpoint {
  path: string;
  /** How the endpoint is asked to fetch and recompute (POST where it exists, else a flag). */
  refresh: { method: 'GET' | 'POST'; params?: Record<string, string> };
  /** Spec §9: branch and README analysis get 300 s, the rest the default. */
  timeout: number;
}

export const endpoints: Record<AnalysisView, Endpoint> = {
  branches: {
    path: 'branch-analysis',
    refresh: { method: 'GET', params: { refresh: 'true' } },
    timeout: ANALYSIS_TIMEOUT_MS,
  },
  readme: {
    path: 'readme-analysis',
    refresh: { method: 'GET', params: { force: 'true' } },
    timeout: ANALYSIS_TIMEOUT_MS,
  },
  structure: {
    path: 'structure-analysis',
    refresh: { method: 'POST' },
    timeout: REQUEST_TIMEOUT_MS,
  },
  diagram: { path: 'technical-diagram', refresh: { method: 'POST' }, timeout: REQUEST_TIMEOUT_MS },
};
