import {
  BranchAnalysisSchema,
  CommunityFilesCheckSchema,
  CompositionAnalysisSchema,
  DiagramRoleSchema,
  FrameworkCategorySchema,
  ReadmeAnalysisSchema,
  StructureAnalysisSchema,
  StructureFileCategorySchema,
  TechnicalDiagramSchema,
} from '@rota/contracts';
import { describe, expect, it } from 'vitest';
import { isResultOf } from '../features/analysis/model/result-guards';
import {
  DIAGRAM_ROLES,
  FRAMEWORK_CATEGORIES,
  STRUCTURE_CATEGORIES,
} from '../features/analysis/model/enums';
import {
  branchAnalysisFixture,
  diagramFixture,
  readmeResultFixture,
  structureResultFixture,
} from './analysis-fixtures';

describe('analysis fixtures and the web’s view of the contracts', () => {
  it('the fixtures are valid results under the contracts’ schemas', () => {
    expect(() => BranchAnalysisSchema.parse(branchAnalysisFixture())).not.toThrow();
    const readme = readmeResultFixture();
    expect(() => ReadmeAnalysisSchema.parse(readme.readme)).not.toThrow();
    expect(() => CommunityFilesCheckSchema.parse(readme.communityFiles)).not.toThrow();
    const structure = structureResultFixture();
    expect(() => StructureAnalysisSchema.parse(structure.structure)).not.toThrow();
    expect(() => CompositionAnalysisSchema.parse(structure.composition)).not.toThrow();
    expect(() => TechnicalDiagramSchema.parse(diagramFixture())).not.toThrow();
  });

  it('the shape checks accept each kind’s result and refuse the others', () => {
    const results = {
      branches: branchAnalysisFixture(),
      readme: readmeResultFixture(),
      structure: structureResultFixture(),
      diagram: diagramFixture(),
    } as const;
    for (const kind of Object.keys(results) as Array<keyof typeof results>) {
      for (const [other, result] of Object.entries(results)) {
        expect(isResultOf(kind, result), `${kind} ← ${other}`).toBe(other === kind);
      }
      expect(isResultOf(kind, null)).toBe(false);
      expect(isResultOf(kind, 'text')).toBe(false);
    }
  });

  it('the enumerations written out in the web match the contracts, in order', () => {
    expect(STRUCTURE_CATEGORIES).toEqual(StructureFileCategorySchema.options);
    expect(FRAMEWORK_CATEGORIES).toEqual(FrameworkCategorySchema.options);
    expect(DIAGRAM_ROLES).toEqual(DiagramRoleSchema.options);
  });
});
