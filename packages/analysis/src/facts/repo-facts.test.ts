import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runAnalyses } from '../run.js';
import { createRepo, type RepoBuilder } from '../testing/repo-builder.js';
import { isLicenseFileName, repositoryLicenseFiles } from './license-files.js';
import { globToRegExp } from './paths.js';
import { isThirdPartyPath } from './third-party.js';

const MIT = readFileSync(
  new URL('../composition/license/fixtures/MIT.txt', import.meta.url),
  'utf8',
);
const WORKFLOW =
  'name: CI\non: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: make test\n';

describe('one answer per question', () => {
  let repo: RepoBuilder | undefined;
  afterEach(() => repo?.remove());

  it("follows GitHub's license file names, at the root and in LICENSES/", () => {
    for (const name of [
      'LICENSE',
      'licence.md',
      'COPYING.LESSER',
      'UNLICENSE',
      'LICENSE-MIT',
      'MIT-LICENSE',
      'Apache_License.txt',
    ])
      expect(isLicenseFileName(name), name).toBe(true);
    for (const name of ['license.js', 'LICENSE.go', 'licensee', 'README', 'LICENSES'])
      expect(isLicenseFileName(name), name).toBe(false);
    expect(
      repositoryLicenseFiles([
        'pkg/LICENSE',
        'LICENSES/MIT.txt',
        'MIT-LICENSE',
        'LICENSE',
        'src/license.js',
      ]),
    ).toEqual(['LICENSE', 'MIT-LICENSE', 'LICENSES/MIT.txt']);
  });

  it('gives structure, composition, the README check and community files one license and one CI answer (rails: MIT-LICENSE)', async () => {
    repo = createRepo();
    repo
      .write(
        'README.md',
        '# Rails-like\n\n## License\n\nReleased under the [MIT License](MIT-LICENSE).\n',
      )
      .write('MIT-LICENSE', MIT)
      .write('.github/workflows/ci.yml', WORKFLOW)
      .write('lib/app.rb', 'module App\nend\n')
      .commit('fixture');
    const results = await runAnalyses(path.join(repo.dir, '.git'), 'HEAD', ['structure', 'readme']);
    const { composition } = results.structure;
    const { readme, communityFiles } = results.readme;

    expect(composition.license).toMatchObject({
      spdxId: 'MIT',
      files: [{ path: 'MIT-LICENSE', spdxId: 'MIT' }],
    });
    expect(readme.checks.find((check) => check.id === 'license')).toMatchObject({
      status: 'passed',
      evidence: expect.arrayContaining([
        { kind: 'licenseFile', path: 'MIT-LICENSE', license: 'MIT', line: null },
      ]),
    });
    const community = (kind: string) => communityFiles.files.find((file) => file.kind === kind)!;
    expect(community('license').found).toEqual([{ path: 'MIT-LICENSE', location: 'root' }]);
    // Linguist calls `.github/` vendored; the CI file is found by every analysis all the same.
    expect(community('ci').found.map((file) => file.path)).toEqual(['.github/workflows/ci.yml']);
    expect(composition.manifests.map((manifest) => manifest.path)).toContain(
      '.github/workflows/ci.yml',
    );
  });

  it('skips third-party and build folders the same way for the composition and the diagram', () => {
    for (const skipped of [
      'node_modules/a/package.json',
      'vendor/x/go.mod',
      'testdata/p/Cargo.toml',
      'dist/package.json',
      'web/app.min.js',
    ])
      expect(isThirdPartyPath(skipped), skipped).toBe(true);
    for (const own of ['package.json', 'src/vendoring.ts', '.github/workflows/ci.yml'])
      expect(isThirdPartyPath(own), own).toBe(false);
  });

  it('matches workspace globs one way for the composition and the diagram', () => {
    const matches = (glob: string, folder: string) => globToRegExp(glob).test(folder);
    expect(matches('packages/*', 'packages/a')).toBe(true);
    expect(matches('packages/*', 'packages/a/b')).toBe(false);
    expect(matches('apps/**', 'apps/a/b')).toBe(true);
    expect(matches('apps/**/web', 'apps/web')).toBe(true);
    expect(matches('apps/**/web', 'apps/x/y/web')).toBe(true);
    // The diagram's own matcher once read `**/` as `.*` and took apps/xweb for a member.
    expect(matches('apps/**/web', 'apps/xweb')).toBe(false);
    expect(matches('./crates/foo/', 'crates/foo')).toBe(true);
  });
});
