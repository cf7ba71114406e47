import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { RepoBuilder } from '../testing/repo-builder.js';
import { analyzeRepo, repoWith } from './testing/analyze-repo.js';

const text = (id: string) =>
  readFileSync(new URL(`./license/fixtures/${id}.txt`, import.meta.url), 'utf8');

describe('license of a repository', () => {
  let repo: RepoBuilder | undefined;
  afterEach(() => repo?.remove());

  it('reads the root LICENSE first and agrees with a matching declaration', async () => {
    repo = repoWith({
      'LICENSE.md': text('Apache-2.0'),
      'packages/a/LICENSE': text('MIT'),
      'package.json': JSON.stringify({ name: 'x', license: 'Apache-2.0' }),
      'packages/a/package.json': JSON.stringify({ name: 'a', license: 'MIT' }),
    });
    const { license } = await analyzeRepo(repo);
    expect(license).toEqual({
      spdxId: 'Apache-2.0',
      files: [{ path: 'LICENSE.md', spdxId: 'Apache-2.0', confidence: 1, method: 'fingerprint' }],
      declared: [
        { path: 'package.json', value: 'Apache-2.0', spdxIds: ['Apache-2.0'] },
        { path: 'packages/a/package.json', value: 'MIT', spdxIds: ['MIT'] },
      ],
      agreement: 'agree',
      conflicts: [],
    });
  });

  it('reports a disagreement between the file and the manifests', async () => {
    repo = repoWith({
      copying: text('GPL-3.0'),
      'Cargo.toml': '[package]\nname = "x"\nlicense = "MIT"\n',
      'pyproject.toml': '[project]\nname = "x"\nlicense = "GPL-3.0-or-later"\n',
    });
    const { license } = await analyzeRepo(repo);
    expect(license.spdxId).toBe('GPL-3.0');
    expect(license.agreement).toBe('disagree');
    expect(license.conflicts).toEqual([
      { kind: 'declarationDiffers', path: 'Cargo.toml', license: 'MIT', others: ['GPL-3.0'] },
    ]);
  });

  it('states a dual license from two files when the declaration agrees', async () => {
    repo = repoWith({
      'LICENSE-MIT': text('MIT'),
      'LICENSE-APACHE': text('Apache-2.0'),
      'Cargo.toml': '[package]\nname = "x"\nlicense = "MIT OR Apache-2.0"\n',
    });
    const { license } = await analyzeRepo(repo);
    expect(license).toMatchObject({
      spdxId: 'MIT OR Apache-2.0',
      agreement: 'agree',
      files: [
        { path: 'LICENSE-APACHE', spdxId: 'Apache-2.0' },
        { path: 'LICENSE-MIT', spdxId: 'MIT' },
      ],
    });
  });

  it('lets no declaration stand in for a license file whose text names no license', async () => {
    // modelcontextprotocol/typescript-sdk: its LICENSE states MIT and Apache-2.0, the root
    // package.json points at it, the workspaces' package.json files say MIT.
    repo = repoWith({
      LICENSE: text('mcp-typescript-sdk'),
      'package.json': JSON.stringify({ name: 'root', license: 'SEE LICENSE IN LICENSE' }),
      'packages/core/package.json': JSON.stringify({ name: 'core', license: 'MIT' }),
    });
    const { license } = await analyzeRepo(repo);
    expect(license).toMatchObject({
      spdxId: null,
      files: [{ path: 'LICENSE', spdxId: null }],
      agreement: 'declared-only',
    });
  });

  it("reads only the repository's own license files, falls back to declarations, and never guesses", async () => {
    // A nested package's license speaks for that package (GitHub reads the root only), and a
    // source file called license.js is code.
    repo = repoWith({
      'src/license.js': 'export const license = "MIT";\n',
      'packages/core/Licence.txt': text('BSD-3-Clause'),
      'composer.json': JSON.stringify({ name: 'a/b', license: 'proprietary' }),
    });
    const { license } = await analyzeRepo(repo);
    expect(license).toMatchObject({
      spdxId: null,
      files: [],
      declared: [{ path: 'composer.json', value: 'proprietary', spdxIds: [] }],
      agreement: 'none',
    });
    repo.remove();

    repo = repoWith({
      UNLICENSE: 'Our own words, no known license.\n',
      'pom.xml':
        '<project><artifactId>a</artifactId><licenses><license><name>Apache License, Version 2.0</name></license></licenses></project>',
    });
    const second = await analyzeRepo(repo);
    expect(second.license).toMatchObject({
      // "Apache License, Version 2.0" names Apache-2.0 but is not an SPDX expression to quote.
      spdxId: null,
      files: [{ path: 'UNLICENSE', spdxId: null, confidence: 0, method: 'none' }],
      agreement: 'declared-only',
    });
  });

  it('reads REUSE-style LICENSES/ texts as the root license', async () => {
    repo = repoWith({ 'LICENSES/Apache-2.0.txt': text('Apache-2.0'), 'lib/LICENSE': text('MIT') });
    const { license } = await analyzeRepo(repo);
    expect(license).toMatchObject({
      spdxId: 'Apache-2.0',
      files: [{ path: 'LICENSES/Apache-2.0.txt', spdxId: 'Apache-2.0' }],
    });
  });

  it('reports none when there is nothing to go by', async () => {
    repo = repoWith({ 'README.md': '# x\n' });
    const { license } = await analyzeRepo(repo);
    expect(license).toEqual({
      spdxId: null,
      files: [],
      declared: [],
      agreement: 'none',
      conflicts: [],
    });
  });
});
