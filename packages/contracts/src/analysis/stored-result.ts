import { z } from 'zod';
import { BranchAnalysisSchema } from './branches.js';
import type { AnalysisKind } from './common.js';
import { CompositionAnalysisSchema } from './composition.js';
import { TechnicalDiagramSchema } from './diagram.js';
import { HistoryAnalysisSchema } from './history.js';
import { CommunityFilesCheckSchema, ReadmeAnalysisSchema } from './readme.js';
import { StructureAnalysisSchema } from './structure.js';

/**
 * What the server stores for each kind of analysis (the `result` of an analysis endpoint's entry):
 * the structure kind carries the composition with it, the readme kind the community files check
 * and the README's text, as @rota/analysis's runAnalyses returns them. The server checks a result
 * against this once, when it is written; reads send the stored text as it is.
 */
export const StoredAnalysisResultSchemas = {
  structure: z.object({
    structure: StructureAnalysisSchema,
    composition: CompositionAnalysisSchema,
  }),
  branches: BranchAnalysisSchema,
  readme: z.object({
    readme: ReadmeAnalysisSchema,
    communityFiles: CommunityFilesCheckSchema,
    content: z.string().nullable(),
  }),
  diagram: TechnicalDiagramSchema,
  history: HistoryAnalysisSchema,
} satisfies Record<AnalysisKind, z.ZodType>;
