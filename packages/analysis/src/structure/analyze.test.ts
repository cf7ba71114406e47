import { execFileSync } from 'node:child_process';
import { StructureAnalysisSchema } from '@rota/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSnapshot, type RepoSnapshot } from '../snapshot/snapshot.js';
import { createRepo, type RepoBuilder } from '../testing/repo-builder.js';
import { analyzeStructure, classifyFiles, summarizeStructure } from './analyze.js';

const HUGE = 50 * 1024 * 1024;
const repos: RepoBuilder[] = [];
afterAll(() => repos.forEach((repo) => repo.remove()));

/** Opens the snapshot with readBlob wrapped, to see which blobs the analysis asks git for. */
async function open(repo: RepoBuilder): Promise<{ snapshot: RepoSnapshot; requested: string[] }> {
  const snapshot = await openSnapshot(repo.dir, 'main');
  const requested: string[] = [];
  const readBlob = snapshot.readBlob;
  snapshot.readBlob = (file, maxBytes) => {
    requested.push(file.path);
    return readBlob(file, maxBytes);
  };
  return { snapshot, requested };
}

describe('a repository with hostile names, links, a submodule, binaries and a 50 MB file', () => {
  const repo = createRepo();
  repos.push(repo);
  beforeAll(() => {
    repo
      .write('README.md', '# Nasty\n')
      .write('src/-rf', 'echo hi\n')
      .write('src/--output=x', 'x\n')
      .write('src/main.c', 'int main(void) { return 0; }\n')
      .write('dir with spaces/ünïcödé.py', 'print("ü")  # ü\n')
      .write('new\nline.js', 'let a = 1;\n')
      .write('assets/logo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13, 1, 2]))
      .write('bin/data', Buffer.from([1, 0, 2, 0, 3]))
      .write('empty.py', '')
      .write('big/huge.c', Buffer.alloc(HUGE, 0x61))
      .write('web/app.bundle.js', `${'var a=function(b){return b+1};'.repeat(70_000)}\n`)
      .write(
        '.gitmodules',
        '[submodule "sub"]\n\tpath = vendor/sub\n\turl = https://example.com/sub.git\n' +
          '[submodule "priv"]\n\tpath = vendor/priv\n\turl = https://user:s3cret@example.com/p.git\n',
      )
      .symlink('../../etc/passwd', 'link-out')
      .symlink('/etc/passwd', 'abs-link')
      .symlink('main.c', 'src/link-in');
    repo.git('add', '-A');
    repo.git('update-index', '--add', '--cacheinfo', `160000,${'a'.repeat(40)},vendor/sub`);
    repo.git('update-index', '--add', '--cacheinfo', `160000,${'b'.repeat(40)},vendor/priv`);
    repo.commit('nasty', { stageAll: false });
  });

  it('lists and classifies every file without reading the huge one', async () => {
    const { snapshot, requested } = await open(repo);
    try {
      const tree = await classifyFiles(snapshot);
      const byPath = new Map(tree.files.map((file) => [file.path, file]));
      expect([...byPath.keys()].sort()).toEqual(
        [
          '.gitmodules',
          'README.md',
          'assets/logo.png',
          'big/huge.c',
          'bin/data',
          'dir with spaces/ünïcödé.py',
          'empty.py',
          'new\nline.js',
          'src/--output=x',
          'src/-rf',
          'src/main.c',
          'web/app.bundle.js',
        ].sort(),
      );
      expect(requested).not.toContain('big/huge.c');
      // Over the line-count limit but small enough to read: recognised as minified, not counted.
      expect(byPath.get('web/app.bundle.js')).toMatchObject({
        language: 'JavaScript',
        category: 'generated',
        tooLarge: true,
        lines: 0,
      });
      expect(byPath.get('big/huge.c')).toMatchObject({
        language: 'C',
        category: 'code',
        tooLarge: true,
        lines: 0,
        size: HUGE,
      });
      expect(byPath.get('dir with spaces/ünïcödé.py')).toMatchObject({
        language: 'Python',
        category: 'code',
        code: 1,
      });
      expect(byPath.get('new\nline.js')).toMatchObject({ language: 'JavaScript', code: 1 });
      expect(byPath.get('src/-rf')).toMatchObject({ language: null, category: 'other', code: 1 });
      expect(byPath.get('assets/logo.png')).toMatchObject({ binary: true, category: 'binary' });
      expect(byPath.get('bin/data')).toMatchObject({ binary: true, language: null, lines: 0 });
      expect(byPath.get('empty.py')).toMatchObject({ language: 'Python', lines: 0 });
      expect(byPath.get('README.md')).toMatchObject({ category: 'documentation' });
    } finally {
      await snapshot.close();
    }
  });

  it('reports binaries, large files, links never followed and submodules never fetched', async () => {
    const { snapshot } = await open(repo);
    try {
      const result = await analyzeStructure(snapshot);
      expect(StructureAnalysisSchema.parse(result)).toEqual(result);
      expect(result.binaryFiles.files.map((f) => f.path).sort()).toEqual([
        'assets/logo.png',
        'bin/data',
      ]);
      expect(result.largeFiles).toMatchObject({ total: 2, truncated: false });
      expect(result.largeFiles.files[0]).toMatchObject({ path: 'big/huge.c', lines: null });
      expect(result.largestFiles[0]?.path).toBe('big/huge.c');
      expect(result.symlinks.links).toEqual([
        { path: 'abs-link', target: '/etc/passwd', pointsOutside: true },
        { path: 'link-out', target: '../../etc/passwd', pointsOutside: true },
        { path: 'src/link-in', target: 'main.c', pointsOutside: false },
      ]);
      expect(result.submodules.modules).toEqual([
        { path: 'vendor/priv', commit: 'b'.repeat(40), url: 'https://example.com/p.git' },
        { path: 'vendor/sub', commit: 'a'.repeat(40), url: 'https://example.com/sub.git' },
      ]);
      // The huge C file counts toward GitHub's byte share, but has no code lines to share.
      const c = result.languages.find((l) => l.name === 'C')!;
      expect(c.byteShare).toBeGreaterThan(99.9);
      expect(c.lines).toBe(1);
      expect(result.totals.files).toBe(12);
      expect(result.categories.binary.files).toBe(2);
      // Same input, same output.
      expect(JSON.stringify(await analyzeStructure(snapshot))).toBe(JSON.stringify(result));
    } finally {
      await snapshot.close();
    }
  });
});

describe('Linguist rules and .gitattributes overrides', () => {
  const repo = createRepo();
  repos.push(repo);
  const minified = `${'var a=1;'.repeat(40)}\n`.repeat(3);
  beforeAll(() => {
    repo
      .write('src/app.ts', '// app\nexport const a = 1;\n\n/* end */\n')
      .write('src/view.tsx', 'export const V = () => <div />;\n')
      .write('src/util.h', '#include <vector>\nstd::vector<int> v;\n')
      .write('src/legacy.h', 'int add(int a, int b);\n')
      .write('src/bridge.h', '@interface Bridge\n@end\n')
      .write('src/calc.m', '% compute\nx = 1;\n')
      .write('scripts/build.pl', 'use strict;\nprint "ok";\n')
      .write('qt/app_de.ts', '<?xml version="1.0"?>\n<TS version="2.1">\n</TS>\n')
      .write('db/schema.sql', 'CREATE TABLE t (id int);\n')
      .write('db/func.sql', 'CREATE FUNCTION f() RETURNS int AS $$ SELECT 1 $$ LANGUAGE plpgsql;\n')
      .write('node_modules/lodash/index.js', 'module.exports = {};\n')
      .write('vendor/lib.js', 'var x;\n')
      .write('third_party/z.c', 'int z;\n')
      .write('package-lock.json', '{}\n')
      .write('web/bundle.js', minified)
      .write('gen/api.pb.go', '// Code generated by protoc-gen-go. DO NOT EDIT.\npackage api\n')
      .write('docs/guide.md', '# Guide\n')
      .write('docs/example.py', 'print(1)\n')
      .write('README.md', '# Mixed\n')
      .write('config/settings.yaml', 'a: 1\n')
      .write('legacy/old.js', 'var old;\n')
      .write('src/special.rb', 'print(1)\n')
      .write('src/keep.min.js', 'const keep = 1;\n')
      .write('sub/gen.c', 'int g;\n')
      .write('sub/.gitattributes', '*.c linguist-generated\n')
      .write(
        '.gitattributes',
        [
          'docs/example.py -linguist-documentation',
          'config/*.yaml linguist-detectable',
          'legacy/** linguist-vendored',
          'src/special.rb linguist-language=Python',
          'src/keep.min.js -linguist-vendored',
          '*.c -linguist-generated',
        ].join('\n') + '\n',
      );
    repo.commit('mixed');
  });

  it('classifies by heuristics, vendor/generated/documentation rules and attributes', async () => {
    const { snapshot } = await open(repo);
    try {
      const tree = await classifyFiles(snapshot);
      const of = (path: string) => tree.files.find((file) => file.path === path)!;
      const expectations: Array<[string, string | null, string]> = [
        ['src/app.ts', 'TypeScript', 'code'],
        ['src/view.tsx', 'TSX', 'code'],
        ['src/util.h', 'C++', 'code'],
        ['src/legacy.h', 'C', 'code'],
        ['src/bridge.h', 'Objective-C', 'code'],
        ['src/calc.m', 'MATLAB', 'code'],
        ['scripts/build.pl', 'Perl', 'code'],
        ['qt/app_de.ts', 'XML', 'data'],
        ['db/schema.sql', 'SQL', 'data'],
        ['db/func.sql', 'PLpgSQL', 'code'],
        ['node_modules/lodash/index.js', 'JavaScript', 'vendored'],
        ['vendor/lib.js', 'JavaScript', 'vendored'],
        ['third_party/z.c', 'C', 'vendored'],
        ['package-lock.json', 'JSON', 'generated'],
        ['web/bundle.js', 'JavaScript', 'generated'],
        ['gen/api.pb.go', 'Go', 'generated'],
        ['docs/guide.md', 'Markdown', 'documentation'],
        ['README.md', 'Markdown', 'documentation'],
        ['docs/example.py', 'Python', 'code'],
        ['config/settings.yaml', 'YAML', 'code'],
        ['legacy/old.js', 'JavaScript', 'vendored'],
        ['src/special.rb', 'Python', 'code'],
        ['src/keep.min.js', 'JavaScript', 'code'],
        ['sub/gen.c', 'C', 'generated'],
        ['.gitattributes', 'Git Attributes', 'vendored'],
      ];
      for (const [path, language, category] of expectations)
        expect({ path, language: of(path).language, category: of(path).category }).toEqual({
          path,
          language,
          category,
        });

      const result = summarizeStructure(tree);
      // generated: sub/gen.c (the nested file wins) and third_party/z.c (unset by the root file).
      expect(result.gitattributes).toEqual({
        vendored: 2,
        generated: 2,
        documentation: 1,
        detectable: 1,
        language: 1,
      });
      // Shares cover the counted files only, by group (TSX is TypeScript), as GitHub's bar does.
      const counted = tree.files.filter((file) => file.category === 'code');
      const countedBytes = counted.reduce((sum, file) => sum + file.size, 0);
      const typescript = result.languages.find((l) => l.name === 'TypeScript')!;
      expect(typescript.members).toEqual(['TSX']);
      const tsBytes = ['src/app.ts', 'src/view.tsx'].reduce((sum, p) => sum + of(p).size, 0);
      expect(typescript.byteShare).toBeCloseTo((100 * tsBytes) / countedBytes, 2);
      expect(typescript).toMatchObject({ files: 2, code: 2, comment: 2, blank: 1 });
      const shares = result.languages.filter((l) => l.counted).map((l) => l.byteShare ?? 0);
      expect(shares.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 0);
      const names = result.languages.map((l) => l.name);
      expect(names).not.toContain('Go');
      expect(names).not.toContain('Markdown');
      expect(result.languages.find((l) => l.name === 'XML')).toMatchObject({
        counted: false,
        byteShare: null,
      });
      // node_modules, vendor, third_party, legacy (attribute) and both .gitattributes files.
      expect(result.categories.vendored.files).toBe(6);
    } finally {
      await snapshot.close();
    }
  });

  it('summarises directories with their size and main language', async () => {
    const { snapshot } = await open(repo);
    try {
      const result = await analyzeStructure(snapshot, { directoryChildren: 3 });
      expect(result.directories[0]).toMatchObject({ path: '', depth: 0, files: 26 });
      const top = result.directories.filter((d) => d.depth === 1);
      expect(top.slice(0, 3).map((d) => d.kind)).toEqual(['directory', 'directory', 'directory']);
      expect(top.at(-1)).toMatchObject({ kind: 'rest', path: '*' });
      // .gitattributes, package-lock.json and README.md sit at the root.
      expect(top.reduce((sum, d) => sum + d.files, 0)).toBe(26 - 3);
      expect(result.directories.find((d) => d.path === 'src')).toMatchObject({
        language: 'TypeScript',
      });
    } finally {
      await snapshot.close();
    }
  });

  it('refuses bad options with a typed error', async () => {
    const { snapshot } = await open(repo);
    try {
      await expect(analyzeStructure(snapshot, { directoryDepth: 0 })).rejects.toMatchObject({
        code: 'INVALID_OPTIONS',
      });
    } finally {
      await snapshot.close();
    }
  });
});

describe('line counts agree with cloc', () => {
  const repo = createRepo();
  repos.push(repo);
  const files: Record<string, string> = {
    'a.c': '#include <stdio.h>\n/* block\n   still comment */\n\nint main(void) { // entry\n  /* a */ return 0; /* b */\n}\n// trailing\n',
    'b.py': '#!/usr/bin/env python3\n"""Module docstring.\n\nMore text.\n"""\nimport os  # comment\n\ndef f():\n    return os\n',
    'c.js': "'use strict';\n/* multi\n   line */ const after = 1;\n// done\n\nfunction f() { return 1; }\n",
    'd.sh': '#!/bin/bash\n# comment\necho hi # trailing\n\n  # indented comment\nexit 0\n',
    'e.sql': '-- comment\nSELECT a,\n  b /* inline */\nFROM t; /* block\nstill */\n',
    'f.go': 'package main\n\nimport "fmt" // fmt\n\n/* doc */\nfunc main() {\n\tfmt.Println("x")\n}\n',
    'g.rb': '# comment\n=begin\nblock\n=end\nclass A\n  def x; 1; end\nend\n',
    'h.css': '/* header */\na { color: blue; }\n\nb {\n  color: red; /* c */\n}\n',
    'i.rs': '// comment\nfn main() {\n    /* block */\n    let x = 1; // trailing\n    println!("{}", x);\n}\n',
    'j.html': '<!DOCTYPE html>\n<!-- comment -->\n<p>text</p>\n<!--\nmulti\n-->\n',
    'k.yaml': '# comment\nkey: value # trailing\n\nlist:\n  - a\n',
    'l.java': 'package a;\n/**\n * Javadoc\n */\nclass A {\n  int x = 1; // c\n}\n',
  }; // prettier-ignore
  beforeAll(() => {
    for (const [name, text] of Object.entries(files)) repo.write(name, text);
    repo.commit('fixtures');
  });

  it('counts code, comment and blank lines of every fixture as cloc does', async () => {
    const { snapshot } = await open(repo);
    try {
      const tree = await classifyFiles(snapshot);
      const cloc = JSON.parse(
        execFileSync('cloc', ['--by-file', '--json', '--quiet', '.'], { cwd: repo.dir }).toString(),
      ) as Record<string, { code: number; comment: number; blank: number }>;
      for (const name of Object.keys(files)) {
        const ours = tree.files.find((file) => file.path === name)!;
        const theirs = cloc[`./${name}`]!;
        expect({ name, code: ours.code, comment: ours.comment, blank: ours.blank }).toEqual({
          name,
          code: theirs.code,
          comment: theirs.comment,
          blank: theirs.blank,
        });
      }
    } finally {
      await snapshot.close();
    }
  });
});

describe('malformed input', () => {
  it('an empty repository is a typed error, not a crash', async () => {
    const repo = createRepo();
    repos.push(repo);
    await expect(openSnapshot(repo.dir, 'HEAD')).rejects.toMatchObject({
      code: 'EMPTY_REPOSITORY',
    });
  });
});
