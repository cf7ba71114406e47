import type {
  CompositionAnalysis,
  StructureAnalysis,
  StructureLanguage,
  StructureTally,
  TechnicalDiagram,
} from '@rota/contracts';

/** Structure and diagram results of the e2e fixture repository, trimmed (see analysis-fixtures.ts). */

export const COMMIT = '1b22928e857c166db22f2e76615bfee50f217c45';

const tally = (files: number, bytes: number, code: number): StructureTally => ({
  files,
  bytes,
  lines: code + 2,
  code,
  comment: 0,
  blank: 2,
});

export function languageFixture(overrides: Partial<StructureLanguage> = {}): StructureLanguage {
  return {
    name: 'TypeScript',
    type: 'programming',
    color: '#3178c6',
    members: ['TSX'],
    counted: true,
    ...tally(10, 2047, 58),
    byteShare: 100,
    codeShare: 100,
    ...overrides,
  };
}

export function structureResultFixture(languages?: StructureLanguage[]): {
  structure: StructureAnalysis;
  composition: CompositionAnalysis;
} {
  const empty = tally(0, 0, 0);
  const list = { total: 0, bytes: 0, files: [], truncated: false };
  return {
    structure: {
      ref: 'refs/heads/main',
      commit: COMMIT,
      totals: tally(15, 4724, 135),
      categories: {
        code: tally(10, 2047, 58),
        vendored: empty,
        generated: empty,
        documentation: tally(3, 2108, 48),
        binary: empty,
        data: tally(1, 417, 21),
        other: empty,
      },
      languages: languages ?? [
        languageFixture(),
        languageFixture({
          name: 'JSON',
          type: 'data',
          color: '#292929',
          members: [],
          counted: false,
          byteShare: null,
          codeShare: null,
          ...tally(1, 417, 21),
        }),
      ],
      directories: [
        {
          path: '',
          depth: 0,
          kind: 'directory',
          directories: 1,
          files: 15,
          bytes: 4724,
          code: 135,
          language: 'TypeScript',
        },
        {
          path: 'src',
          depth: 1,
          kind: 'directory',
          directories: 1,
          files: 10,
          bytes: 2047,
          code: 58,
          language: 'TypeScript',
        },
        {
          path: 'src/server',
          depth: 2,
          kind: 'directory',
          directories: 1,
          files: 3,
          bytes: 729,
          code: 20,
          language: 'TypeScript',
        },
        {
          path: 'src/*',
          depth: 2,
          kind: 'rest',
          directories: 3,
          files: 7,
          bytes: 1318,
          code: 38,
          language: 'TypeScript',
        },
        {
          path: 'docs',
          depth: 1,
          kind: 'directory',
          directories: 1,
          files: 1,
          bytes: 58,
          code: 2,
          language: null,
        },
      ],
      largestFiles: [
        { path: 'LICENSE', bytes: 1069, language: 'Text', category: 'documentation', lines: 21 },
      ],
      binaryFiles: list,
      largeFiles: list,
      symlinks: { total: 0, links: [], truncated: false },
      submodules: { total: 0, modules: [], truncated: false },
      gitattributes: { vendored: 0, generated: 0, documentation: 0, detectable: 0, language: 0 },
      limits: {
        maxLineCountBytes: 1048576,
        maxReadBytes: 4194304,
        directoryDepth: 3,
        directoryChildren: 10,
        largestFiles: 20,
        listCap: 100,
      },
    },
    composition: {
      manifests: [],
      frameworks: [
        {
          name: 'Express',
          category: 'web-framework',
          evidence: ['package.json'],
          version: '^4.19.2',
        },
        { name: 'Vitest', category: 'testing', evidence: ['package.json'], version: '^1.6.0' },
      ],
      license: {
        spdxId: 'MIT',
        files: [{ path: 'LICENSE', spdxId: 'MIT', confidence: 1, method: 'fingerprint' }],
        declared: [],
        agreement: 'file-only',
        conflicts: [],
      },
      tests: {
        files: 1,
        testCodeLines: 7,
        codeLines: 51,
        ratio: 0.1372549,
        ratioUnavailable: null,
        byLanguage: [{ language: 'TypeScript', files: 1, codeLines: 7 }],
        directories: ['src/shared'],
      },
      docs: [{ path: 'docs', files: 1, markdownFiles: 1, mdxFiles: 0, generator: null }],
      entryPoints: [
        {
          kind: 'package-main',
          path: 'src/server/index.ts',
          declaredIn: 'package.json',
          name: null,
          command: null,
          inTree: true,
        },
      ],
      workspaces: [],
      manifestsSkipped: 0,
    },
  };
}

export function diagramFixture(): TechnicalDiagram {
  const component = (
    id: string,
    label: string,
    path: string,
    role: 'api' | 'data',
    inCycle: boolean,
  ) => ({
    id,
    kind: 'component' as const,
    label,
    path,
    componentKind: 'folder' as const,
    packageName: null,
    area: 'src',
    role,
    language: 'TypeScript',
    languages: [{ language: 'TypeScript', files: 2, codeLines: 10 }],
    files: 2,
    codeLines: 10,
    frameworks: role === 'api' ? ['Express'] : [],
    inCycle,
  });
  return {
    commit: COMMIT,
    maxNodes: 30,
    codeLinesSource: 'file-stats',
    nodes: [
      component('n_db', 'db', 'src/db', 'data', true),
      component('n_server', 'server', 'src/server', 'api', true),
      {
        id: 'x_pg',
        kind: 'external',
        label: 'PostgreSQL',
        system: 'postgresql',
        category: 'database',
        evidence: [{ source: 'import', value: 'pg', path: 'src/db/client.ts' }],
        evidenceCount: 1,
      },
    ],
    edges: [
      { from: 'n_db', to: 'n_server', kind: 'imports', weight: 1, inCycle: true },
      { from: 'n_server', to: 'n_db', kind: 'imports', weight: 1, inCycle: true },
      { from: 'n_db', to: 'x_pg', kind: 'uses', weight: 1, inCycle: false },
    ],
    subgraphs: [{ id: 'g_src', label: 'src', nodeIds: ['n_db', 'n_server'] }],
    cycles: [['n_db', 'n_server']],
    stats: {
      filesTotal: 15,
      componentFiles: 10,
      filesScanned: 10,
      filesSkippedTooLarge: 0,
      filesSkippedOverLimit: 0,
      maxBytesPerFile: 262144,
      maxFilesScanned: 20000,
      truncated: false,
      importsFound: 16,
      fileEdges: 10,
      componentsMerged: 0,
      externalSystemsOmitted: [],
    },
  };
}
