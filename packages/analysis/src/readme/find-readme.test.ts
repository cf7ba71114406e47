import { describe, expect, it } from 'vitest';
import { analyzeReadme } from './analyze-readme.js';
import { findReadme, readmeFormat } from './find-readme.js';
import { withRepo } from './test-repo.js';

const paths = (found: ReturnType<typeof findReadme>) =>
  found.candidates.map((candidate) => candidate.path);

describe('findReadme', () => {
  it('knows README names in any case and extension, and nothing else', () => {
    expect(readmeFormat('README.md')).toBe('markdown');
    expect(readmeFormat('readme.MARKDOWN')).toBe('markdown');
    expect(readmeFormat('ReadMe.mdx')).toBe('markdown');
    expect(readmeFormat('README.rst')).toBe('rst');
    expect(readmeFormat('README.adoc')).toBe('asciidoc');
    expect(readmeFormat('README.org')).toBe('org');
    expect(readmeFormat('README.txt')).toBe('text');
    expect(readmeFormat('README')).toBe('text');
    for (const other of [
      'README-ja.md',
      'README.md.bak',
      'READMEmd',
      'readme.html',
      'NOTREADME.md',
      'README.',
    ])
      expect(readmeFormat(other), other).toBeNull();
  });

  it('prefers .github/ over the root over docs/, as GitHub documents, and lists the others', async () => {
    const found = await withRepo(
      {
        'README.md': '# root\n',
        '.github/README.md': '# github\n',
        'docs/README.md': '# docs\n',
        'src/README.md': '# not a candidate\n',
      },
      findReadme,
    );
    expect(found.readme?.path).toBe('.github/README.md');
    expect(paths(found)).toEqual(['.github/README.md', 'README.md', 'docs/README.md']);
  });

  it('finds a README in docs/ alone, and a lowercase readme.md', async () => {
    expect(
      (await withRepo({ 'docs/README.md': '# d\n', 'a.txt': '' }, findReadme)).readme?.path,
    ).toBe('docs/README.md');
    expect((await withRepo({ 'readme.md': '# r\n' }, findReadme)).readme).toEqual({
      path: 'readme.md',
      format: 'markdown',
      symlink: false,
    });
  });

  it('prefers markdown over rst over plain text in one folder', async () => {
    const found = await withRepo(
      { README: 'plain\n', 'README.rst': 'rst\n', 'readme.md': '# md\n', 'README.txt': 'txt\n' },
      findReadme,
    );
    expect(paths(found)).toEqual(['readme.md', 'README.rst', 'README.txt', 'README']);
  });

  it('analyses the README of docs/ and reports the other candidates', async () => {
    const result = await withRepo(
      {
        'docs/README.md':
          '# Docs readme\n\nSee [the guide](guide.md) and [the root](../LICENSE).\n',
        'docs/guide.md': '',
        LICENSE: '',
        'docs/readme.txt': '',
      },
      analyzeReadme,
    );
    expect(result.readme?.path).toBe('docs/README.md');
    expect(result.otherCandidates).toEqual(['docs/readme.txt']);
    expect(result.links.broken).toEqual([]);
  });

  it('follows a symlinked README inside the tree, never outside it', async () => {
    const inside = await withRepo(
      { 'docs/intro.md': '# Intro\n\nLinked from the root by a symlink.\n' },
      analyzeReadme,
      (repo) => repo.symlink('docs/intro.md', 'README.md').git('add', '-A'),
    );
    expect(inside.readme).toMatchObject({ path: 'README.md', symlinkTarget: 'docs/intro.md' });
    expect(inside.outline[0]?.text).toBe('Intro');

    const outside = await withRepo({ 'a.txt': 'x' }, analyzeReadme, (repo) =>
      repo.symlink('/etc/hostname', 'README.md').git('add', '-A'),
    );
    expect(outside.found).toBe(false);
    expect(outside.otherCandidates).toEqual(['README.md']);
  });
});
