import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import type { FileStat } from '../snapshot/file-stat.js';
import { createRepo, type RepoBuilder } from '../testing/repo-builder.js';
import { analyzeRepo, frameworkNames, manifestAt, repoWith } from './testing/analyze-repo.js';

describe('malformed and hostile input', () => {
  let repo: RepoBuilder | undefined;
  afterEach(() => repo?.remove());

  it('reports each broken manifest as its parseError and reads the others', async () => {
    repo = repoWith({
      'package.json': '{ "name": "broken", ',
      'apps/a/package.json': '[1, 2, 3]',
      'apps/b/package.json': JSON.stringify({ name: 'ok', dependencies: { react: '^19.0.0' } }),
      'big/package.json': `{"name": "big", "description": "${'x'.repeat(1_100_000)}"}`,
      'bin/package.json': Buffer.from([0x7b, 0x00, 0xff, 0xfe, 0x00, 0x7d]),
      'Cargo.toml': '[package\nname = "x"',
      'pom.xml': '<project><dependencies></project>',
      'go.mod': 'module x\nrequire (\n  a v1\n',
      Dockerfile: 'this is not a dockerfile\n',
      'docker-compose.yml': 'services:\n  db:\n   image: postgres\n  bad: [\n',
      '.github/workflows/ci.yml': '- just\n- a list\n',
      'requirements.txt': 'Django>=5\nthis is not a requirement\n',
      'infra/main.tf': 'provider "aws" {\n',
      Jenkinsfile: 'echo "hello"\n',
      'k8s/deep.yaml': `apiVersion: v1\nkind: ConfigMap\ndata: ${'['.repeat(200)}${']'.repeat(200)}\n`,
      'web/x.csproj':
        '<Project><ItemGroup><PackageReference Include="a" Version="1"></ItemGroup></Project>',
    });
    const result = await analyzeRepo(repo);
    const error = (path: string) => manifestAt(result, path).parseError;
    expect(error('package.json')).toMatchObject({ code: 'invalid-syntax' });
    expect(error('apps/a/package.json')).toEqual({
      code: 'invalid-syntax',
      message: 'package.json is not an object',
    });
    expect(error('apps/b/package.json')).toBeNull();
    expect(error('big/package.json')).toMatchObject({ code: 'too-large' });
    expect(error('bin/package.json')).toEqual({
      code: 'binary',
      message: 'the file holds binary data',
    });
    expect(error('Cargo.toml')).toMatchObject({
      code: 'invalid-syntax',
      message: expect.stringMatching(/^line 1:/),
    });
    expect(error('pom.xml')).toMatchObject({
      code: 'invalid-syntax',
      message: expect.stringContaining('closing tag'),
    });
    expect(error('go.mod')).toMatchObject({ message: 'unclosed "require (" block' });
    expect(error('Dockerfile')).toMatchObject({ message: 'line 1: unknown instruction "this"' });
    expect(error('docker-compose.yml')).toMatchObject({ code: 'invalid-syntax' });
    expect(error('.github/workflows/ci.yml')).toEqual({
      code: 'invalid-syntax',
      message: 'not a mapping',
    });
    expect(error('requirements.txt')).toMatchObject({
      message: 'line 2: not a requirement: this is not a requirement',
    });
    expect(error('infra/main.tf')).toMatchObject({ message: 'unbalanced braces' });
    expect(error('Jenkinsfile')).toMatchObject({ message: 'no pipeline, node or stage block' });
    expect(error('k8s/deep.yaml')).toMatchObject({
      message: expect.stringContaining('nested too deeply'),
    });
    expect(error('web/x.csproj')).toMatchObject({ code: 'invalid-syntax' });
    // A broken manifest is empty but its kind is still evidence; a readable one still counts.
    expect(manifestAt(result, 'package.json')).toMatchObject({
      name: null,
      dependencies: [],
      dependencyCount: 0,
    });
    expect(frameworkNames(result)).toEqual(
      expect.arrayContaining(['React', 'Docker', 'GitHub Actions', 'Jenkins']),
    );
  });

  it('handles odd names: spaces, unicode, newlines, -rf and --output=x, symlinks and submodules', async () => {
    repo = createRepo();
    repo
      .write('-rf', 'not a flag\n')
      .write('--output=x', '')
      .write(
        'my app/package.json',
        JSON.stringify({ name: 'spaced', dependencies: { vue: '3' }, main: 'ça va.js' }),
      )
      .write('my app/ça va.js', '')
      .write('ünï cødé/go.mod', 'module example.com/ünï\n\ngo 1.22\n')
      .write('ünï cødé/main.go', 'package main\n')
      .write('docs/ﬁle\nwith newline.md', '# odd\n')
      .write('-rf dir/requirements.txt', 'flask\n')
      .write('tests/test_-rf.py', '')
      .write('notes/Dockerfile.md', '# How we build images\n')
      .write('real/package.json', '{"name": "real"}')
      .symlink('real/package.json', 'linked/package.json')
      .symlink('/etc/passwd', 'LICENSE');
    repo.git('add', '-A');
    repo.git('update-index', '--add', '--cacheinfo', `160000,${'b'.repeat(40)},sub/module`);
    repo.commit('odd names', { stageAll: false });
    const result = await analyzeRepo(repo);
    expect(result.manifests.map((manifest) => manifest.path)).toEqual([
      '-rf dir/requirements.txt',
      'my app/package.json',
      'real/package.json',
      'ünï cødé/go.mod',
    ]);
    expect(manifestAt(result, '-rf dir/requirements.txt').dependencies).toEqual([
      { name: 'flask', version: null, scope: 'runtime' },
    ]);
    expect(result.entryPoints).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'package-main', path: 'my app/ça va.js', inTree: true }),
        expect.objectContaining({ kind: 'go-main', path: 'ünï cødé/main.go' }),
      ]),
    );
    expect(result.docs).toEqual([
      { path: 'docs', files: 1, markdownFiles: 1, mdxFiles: 0, generator: null },
    ]);
    expect(result.tests.files).toBe(1);
    // A symlink is never followed: a LICENSE pointing out of the tree is present (as the
    // community files say) but its text is not read.
    expect(result.license.files).toEqual([
      { path: 'LICENSE', spdxId: null, confidence: 0, method: 'none' },
    ]);
    expect(frameworkNames(result)).toEqual(expect.arrayContaining(['Vue', 'Flask', 'Go']));
  });

  it('leaves out what the structure analysis marks vendored, and says when there is no code', async () => {
    repo = repoWith({
      'third/lib/package.json': JSON.stringify({ name: 'copied', dependencies: { express: '4' } }),
      'tests/test_only.py': 'def test(): pass\n',
    });
    const stat = (path: string, category: FileStat['category']): FileStat => ({
      path,
      size: 1,
      language: 'Python',
      category,
      lines: 1,
      code: 1,
      comment: 0,
      blank: 0,
    });
    const result = await analyzeRepo(repo, [
      stat('third/lib/package.json', 'vendored'),
      stat('tests/test_only.py', 'code'),
    ]);
    expect(result.manifests).toEqual([]);
    expect(frameworkNames(result)).not.toContain('Express');
    expect(result.tests).toMatchObject({
      files: 1,
      testCodeLines: 1,
      codeLines: 0,
      ratio: null,
      ratioUnavailable: 'no-code',
    });
  });

  it('describes an empty tree as empty', async () => {
    repo = createRepo();
    repo.commit('nothing yet');
    const result = await analyzeRepo(repo, []);
    expect(result).toEqual({
      manifests: [],
      frameworks: [],
      license: { spdxId: null, files: [], declared: [], agreement: 'none', conflicts: [] },
      tests: {
        files: 0,
        testCodeLines: 0,
        codeLines: 0,
        ratio: null,
        ratioUnavailable: 'no-code',
        byLanguage: [],
        directories: [],
      },
      docs: [],
      entryPoints: [],
      workspaces: [],
      manifestsSkipped: 0,
    });
  });

  it('reads at most 2,000 manifests and counts the rest', async () => {
    repo = createRepo();
    repo.write('package.json', '{}');
    repo.git('add', 'package.json');
    // 2,003 index entries sharing one blob: far faster than writing and adding 2,003 files.
    const blob = repo.git('rev-parse', ':package.json').trim();
    const entries = Array.from(
      { length: 2_002 },
      (_, i) => `100644 ${blob}\tp/${String(i).padStart(4, '0')}/package.json\n`,
    );
    execFileSync('git', ['update-index', '--index-info'], {
      cwd: repo.dir,
      input: entries.join(''),
    });
    repo.commit('many', { stageAll: false });
    const result = await analyzeRepo(repo);
    expect(result.manifests).toHaveLength(2_000);
    expect(result.manifestsSkipped).toBe(3);
  });
});
