import { diagramMermaid, TechnicalDiagramSchema, type DiagramComponentNode } from '@rota/contracts';
import { describe, expect, it } from 'vitest';
import { ENGLISH_DIAGRAM_WORDS } from '../cli/english-words.js';
import { isAnalysisError } from '../errors.js';
import type { FileStat } from '../snapshot/file-stat.js';
import { openSnapshot } from '../snapshot/snapshot.js';
import { createRepo } from '../testing/repo-builder.js';
import { buildDiagram } from './build-diagram.js';
import { componentEdges, diagramFor, withRepo } from './test-support.js';

const components = (nodes: readonly { kind: string }[]) =>
  nodes.filter((n): n is DiagramComponentNode => n.kind === 'component');

describe('buildDiagram', () => {
  it('draws imports under if TYPE_CHECKING: as type-only edges that make no cycle', async () => {
    // The shape of flask: json/provider.py imports the app only for its annotations.
    const diagram = await diagramFor({
      'src/pkg/__init__.py': '',
      'src/pkg/json/__init__.py': '',
      'src/pkg/json/provider.py': [
        'import typing as t',
        'if t.TYPE_CHECKING:  # pragma: no cover',
        '    from ..sansio.app import App',
        '',
        '    from ..wrappers import Response',
        'import json',
      ].join('\n'),
      'src/pkg/sansio/__init__.py': '',
      'src/pkg/sansio/app.py': 'from ..json.provider import DefaultJSONProvider',
      'pyproject.toml': '[project]\nname = "pkg"\n',
    });
    const edges = diagram.edges.filter((e) => e.kind === 'imports');
    expect(edges.length).toBeGreaterThan(0);
    expect(diagram.cycles).toEqual([]);
    expect(edges.filter((e) => e.typeOnly).length).toBeGreaterThan(0);
    expect(edges.every((e) => !e.inCycle)).toBe(true);
  });

  it('keeps a cycle closed by an import that also runs outside the TYPE_CHECKING block', async () => {
    const diagram = await diagramFor({
      'a/__init__.py': '',
      'a/one.py':
        'from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from b.two import X\nelse:\n    from b.two import Y\n',
      'b/__init__.py': '',
      'b/two.py': 'from a.one import Z\n',
    });
    expect(diagram.cycles).toHaveLength(1);
  });

  it('makes no cycle of deferred imports: inside a Python function, or a dynamic import()', async () => {
    const diagram = await diagramFor({
      'a/__init__.py': '',
      // A signature over several lines closes at the def's own indent; the body is still deferred.
      'a/one.py':
        'from b.two import X\n\ndef later(\n    x: int,\n) -> int:\n    from b.three import Y\n    return Y\n',
      'b/__init__.py': '',
      'b/two.py': 'X = 1\n\ndef use():\n    from a.one import later\n',
      'b/three.py': 'Y = 1\n',
      'c/five.ts': "import { d } from '../d/six';\nexport const c = 1;",
      'd/six.ts': "export const d = 1;\nexport const load = () => import('../c/five');",
    });
    expect(componentEdges(diagram)).toEqual([
      'a -> b (2)',
      'b -> a (1)',
      'c -> d (1)',
      'd -> c (1)',
    ]);
    expect(diagram.cycles).toEqual([]);
    expect(diagram.edges.some((e) => e.inCycle)).toBe(false);
  });

  it('makes no cycle of a folder and its subfolders importing each other, unless files loop', async () => {
    const loose = await diagramFor(
      {
        'pkg/__init__.py': '',
        'pkg/app.py': 'from .sub.core import run\n',
        'pkg/config.py': 'X = 1\n',
        'pkg/sub/__init__.py': '',
        'pkg/sub/core.py': 'from ..config import X\n',
        'pkg/other/__init__.py': '',
        'pkg/other/more.py': 'from ..config import X\n',
      },
      { maxNodes: 40 },
    );
    expect(loose.cycles).toEqual([]);
    const tight = await diagramFor(
      {
        'pkg/__init__.py': '',
        'pkg/app.py': 'from .sub.core import run\n',
        'pkg/sub/__init__.py': '',
        'pkg/sub/core.py': 'from ..app import X\n',
        'pkg/other/__init__.py': '',
        'pkg/other/more.py': 'from ..app import X\n',
      },
      { maxNodes: 40 },
    );
    expect(tight.cycles).toHaveLength(1);
  });

  it('makes no cycle of TypeScript type-only imports and re-exports', async () => {
    const diagram = await diagramFor({
      'a/one.ts':
        "import { b } from '../b/two';\nimport { c } from '../c/five';\nexport type A = 1;",
      'b/two.ts': "import type { A } from '../a/one';\nexport const b = 1;",
      'b/three.ts': "import { type A, type B } from '../a/one';",
      'b/four.ts': "export type { A } from '../a/one';",
      'c/five.ts': "import { type A, b } from '../b/two';\nimport type from '../a/one';",
    });
    expect(componentEdges(diagram)).toEqual([
      'a -> b (1)',
      'a -> c (1)',
      'b -> a (3)',
      'c -> a (1)',
      'c -> b (1)',
    ]);
    const byEdge = new Map(diagram.edges.map((e) => [`${e.from}>${e.to}`, e]));
    const id = new Map(components(diagram.nodes).map((n) => [n.path, n.id]));
    expect(byEdge.get(`${id.get('b')}>${id.get('a')}`)!.typeOnly).toBe(true);
    // `import type from` imports a default export named "type": a run-time import.
    expect(byEdge.get(`${id.get('c')}>${id.get('a')}`)!.typeOnly).toBe(false);
    expect(diagram.cycles).toEqual([[id.get('a'), id.get('c')]]);
    expect(diagramMermaid(diagram, ENGLISH_DIAGRAM_WORDS)).toContain(
      `${id.get('b')} -.->|3| ${id.get('a')}`,
    );
  });

  it('weights edges by file pairs and marks cycles between components', async () => {
    const diagram = await diagramFor({
      'a/one.ts': "import { b } from '../b/two';\nimport { c } from '../c/three';",
      'a/four.ts': "import { b } from '../b/two';",
      'b/two.ts': "import { a } from '../a/one';\nexport const b = 1;",
      'c/three.ts': 'export const c = 1;',
      'd/five.ts': "import '../a/one';\nimport '../a/one.js';",
    });
    expect(componentEdges(diagram)).toEqual([
      'a -> b (2)',
      'a -> c (1)',
      'b -> a (1)',
      'd -> a (1)',
    ]);
    expect(diagram.edges.map((e) => e.inCycle)).toEqual([true, false, true, false]);
    const byPath = new Map(components(diagram.nodes).map((n) => [n.path, n]));
    expect(diagram.cycles).toEqual([[byPath.get('a')!.id, byPath.get('b')!.id]]);
    expect(byPath.get('c')!.inCycle).toBe(false);
    expect(diagramMermaid(diagram, ENGLISH_DIAGRAM_WORDS)).toContain(
      `${byPath.get('a')!.id} ==>|2| ${byPath.get('b')!.id}`,
    );
    expect(diagramMermaid(diagram, ENGLISH_DIAGRAM_WORDS)).toContain(
      `${byPath.get('d')!.id} -->|1| ${byPath.get('a')!.id}`,
    );
  });

  it('collapses a repository with many folders to at most maxNodes, keeping edges between what remains', async () => {
    const files: Record<string, string> = {};
    for (let k = 0; k < 45; k++)
      files[`mod${String(k).padStart(2, '0')}/index.ts`] =
        `import '../core/index';\n${'export const x = 1;\n'.repeat(k + 1)}`;
    files['core/index.ts'] = 'export const core = 1;\n'.repeat(100);
    const diagram = await diagramFor(files, { maxNodes: 10 });
    const nodes = components(diagram.nodes);
    expect(diagram.nodes.length).toBeLessThanOrEqual(10);
    expect(nodes.map((n) => n.path).slice(0, 3)).toEqual(['', 'core', 'mod37']);
    expect(nodes.find((n) => n.componentKind === 'other')!.files).toBe(37);
    expect(nodes.reduce((sum, n) => sum + n.files, 0)).toBe(46);
    expect(diagram.stats.componentsMerged).toBe(36);
    expect(componentEdges(diagram)).toContain('(other) -> core (37)');
  });

  it('annotates components with language, code lines and role, from fileStats when given', async () => {
    const files = {
      'web/src/App.tsx':
        "import { api } from '../../server/routes/api';\nexport const App = () => null;\n",
      'server/routes/api.ts': 'export const api = 1;\n\n// comment\n',
      'db/migrations/001_init.sql': 'create table t (id int);\n',
      'docs/guide.md': '# Guide\n',
      'tests/api.test.ts': "import '../server/routes/api';\n",
    };
    const estimated = await diagramFor(files);
    expect(estimated.codeLinesSource).toBe('estimate');
    const byPath = new Map(components(estimated.nodes).map((n) => [n.path, n]));
    expect([...byPath.keys()]).toEqual(['db', 'server', 'tests', 'web']);
    expect(byPath.get('server')).toMatchObject({
      language: 'TypeScript',
      codeLines: 1,
      role: 'api',
      files: 1,
    });
    expect(byPath.get('web')).toMatchObject({ language: 'TSX', codeLines: 2, role: 'web-ui' });
    expect(byPath.get('db')).toMatchObject({ language: 'SQL', role: 'data' });
    expect(byPath.get('tests')!.role).toBe('tests');

    const stat = (
      path: string,
      language: string,
      code: number,
      category: FileStat['category'] = 'code',
    ): FileStat => ({ path, size: 1, language, category, lines: code, code, comment: 0, blank: 0 });
    const fromStats = await diagramFor(files, {
      fileStats: [
        stat('web/src/App.tsx', 'TSX', 40),
        stat('server/routes/api.ts', 'TypeScript', 7),
        stat('docs/guide.md', 'Markdown', 1, 'documentation'),
      ],
    });
    expect(fromStats.codeLinesSource).toBe('file-stats');
    expect(components(fromStats.nodes).map((n) => [n.path, n.codeLines])).toEqual([
      ['server', 7],
      ['web', 40],
    ]);
  });

  it("draws a root t/ as tests, as git's test suite, never as an entry point", async () => {
    const diagram = await diagramFor({
      'src/main.go': 'package main\n\nfunc main() {}\n',
      't/helper/main.go': 'package main\n\nfunc main() {}\n',
      't/helper/tool.go': 'package main\n\nfunc tool() {}\n',
    });
    const roles = components(diagram.nodes).map((n) => [n.path, n.role]);
    expect(roles).toContainEqual(['t', 'tests']);
    expect(roles.filter(([, role]) => role === 'entry-point').map(([path]) => path)).toEqual([
      'src',
    ]);
  });

  it('gives byte-identical output for the same input, run twice and on a re-created repository', async () => {
    const files: Record<string, string> = {
      'package.json': JSON.stringify({ workspaces: ['packages/*'], dependencies: { pg: '1' } }),
      'packages/a/package.json': JSON.stringify({ name: '@x/a' }),
      'packages/a/index.ts': "import { b } from '@x/b';\nimport pg from 'pg';",
      'packages/b/package.json': JSON.stringify({ name: '@x/b' }),
      'packages/b/index.ts': "import { a } from '@x/a';\nexport const b = 1;",
      'tools/gen.py': 'import os\n',
    };
    const build = async (order: string[]) => {
      const repo = createRepo();
      try {
        for (const path of order) repo.write(path, files[path]!);
        repo.commit('same');
        const snapshot = await openSnapshot(repo.dir, 'main');
        try {
          return [
            JSON.stringify(await buildDiagram(snapshot)),
            JSON.stringify(await buildDiagram(snapshot)),
          ];
        } finally {
          await snapshot.close();
        }
      } finally {
        repo.remove();
      }
    };
    const [first, again] = await build(Object.keys(files));
    const [recreated] = await build(Object.keys(files).reverse());
    expect(again).toBe(first);
    expect(recreated).toBe(first);
    expect(TechnicalDiagramSchema.parse(JSON.parse(first!))).toBeTruthy();
  });

  it('survives malformed sources, configs and odd names, reports what it skipped, never follows symlinks', async () => {
    const repo = createRepo();
    try {
      repo
        .write('package.json', '{ "workspaces": [ "pkgs/*", ')
        .write('tsconfig.json', '{ "compilerOptions": { "paths": { "@/*": 42 } ')
        .write('Cargo.toml', '[package\nname = ')
        .write(
          'src/ok.ts',
          "import './broken';\nimport '../../../../etc/passwd';\nimport './link';",
        )
        .write('src/broken.ts', "/* never closed\nimport './ok';")
        .write('src/binary.ts', Buffer.from([0, 1, 2, 0x22, 0x27, 0x60, 0]))
        .write('src/huge.ts', `import './ok';\n${'x'.repeat(3000)}`)
        .write('src/bad.py', 'from ....... import (\n"""')
        .write('src/bad.rs', 'use crate::{a, {b, ::c}}; mod ; r#"')
        .write('src/bad.php', '<?php use ;; namespace \\\\; <<<EOT')
        .write('src/Bad.cs', 'using ; namespace ;')
        .write('src/bad.go', 'import (')
        .write('-rf.ts', "import './--output=x';")
        .write('--output=x.ts', 'export {};')
        .symlink('/etc/passwd', 'src/link.ts');
      repo.git('add', '-A');
      repo.git('update-index', '--add', '--cacheinfo', `160000,${'a'.repeat(40)},vendor/sub`);
      repo.commit('odd', { stageAll: false });
      const snapshot = await openSnapshot(repo.dir, 'main');
      try {
        const diagram = await buildDiagram(snapshot, { maxBytesPerFile: 2048 });
        expect(diagram.stats).toMatchObject({
          filesSkippedTooLarge: 2,
          truncated: true,
          maxBytesPerFile: 2048,
        });
        // src/ok.ts -> src/broken.ts and -rf.ts -> --output=x.ts; nothing through the symlink,
        // the submodule or above the root.
        expect(diagram.stats.fileEdges).toBe(2);
        expect(TechnicalDiagramSchema.parse(diagram)).toBeTruthy();
      } finally {
        await snapshot.close();
      }
    } finally {
      repo.remove();
    }
  });

  it('handles an empty tree and rejects invalid options with a typed error', async () => {
    await withRepo({}, async (snapshot) => {
      const diagram = await buildDiagram(snapshot);
      expect(diagram.nodes).toEqual([]);
      expect(diagramMermaid(diagram, ENGLISH_DIAGRAM_WORDS)).toBe('flowchart LR\n');
      expect(diagram.codeLinesSource).toBeNull();
      const error = await buildDiagram(snapshot, { maxNodes: 0 }).catch((e: unknown) => e);
      expect(isAnalysisError(error) && error.code).toBe('INVALID_OPTIONS');
    });
  });
});
