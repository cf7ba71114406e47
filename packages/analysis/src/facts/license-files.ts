/**
 * The one license-file recogniser (README check, community files, composition and the structure's
 * documentation rule all use it). GitHub's rules (licensee): `LICENSE`, `LICENCE`, `COPYING` and
 * `UNLICENSE` in any case, with any extension or suffix (`LICENSE.md`, `LICENSE-MIT`,
 * `COPYING.LESSER`), and a prefix before `-LICENSE`/`_LICENSE` (`MIT-LICENSE`). Source files that
 * happen to be called license (`license.js`, `LICENSE.go`) are code, not license texts.
 *
 * Written once as a case-less pattern source, because the structure analysis joins its path
 * patterns into one alternation, where a flag would be lost.
 */
const CODE_EXTENSIONS =
  'js mjs cjs ts tsx jsx py go rb java kt cs rs php json yml yaml toml xml sh c h cpp hpp swift scala vue svelte css scss';

/** `[Ll][Ii]...` for a word, so the pattern needs no `i` flag. */
function caseless(word: string): string {
  return [...word]
    .map((char) => (/[a-z]/i.test(char) ? `[${char.toUpperCase()}${char.toLowerCase()}]` : char))
    .join('');
}

const LICEN_E = `${caseless('licen')}[CcSs]${caseless('e')}`;
const NAME = [
  `(?:(?:${caseless('un')})?${LICEN_E}|${caseless('copying')})(?:[-_.][^/]*)?`,
  `[^./]+[-_](?:${caseless('un')})?${LICEN_E}(?:\\.[^./]+)?`,
].join('|');
const NOT_CODE = `(?![^/]*\\.(?:${CODE_EXTENSIONS.split(' ').map(caseless).join('|')})$)`;

/** A license file's name, anywhere in the tree (the structure's documentation rule). */
export const LICENSE_FILE_PATTERN = new RegExp(`(?:^|\\/)${NOT_CODE}(?:${NAME})$`);
const LICENSE_NAME = new RegExp(`^${NOT_CODE}(?:${NAME})$`);

/** REUSE keeps one text per license in a root `LICENSES/` folder (`LICENSES/MIT.txt`). */
const REUSE_TEXT = /^LICENSES\/[^/]+\.txt$/;

export function isLicenseFileName(name: string): boolean {
  return LICENSE_NAME.test(name);
}

/**
 * The repository's license files: license-named files at the root and REUSE texts in the root
 * `LICENSES/` folder. Licenses of nested packages speak for those packages, not the repository.
 */
export function isRepositoryLicenseFile(path: string): boolean {
  return (!path.includes('/') && isLicenseFileName(path)) || REUSE_TEXT.test(path);
}

/** Plain `LICENSE*` names first (the main license), then the others, each group by path. */
export function repositoryLicenseFiles(paths: Iterable<string>): string[] {
  const rank = (path: string) => (path.includes('/') ? 2 : /^licen[cs]e/i.test(path) ? 0 : 1);
  return [...paths]
    .filter(isRepositoryLicenseFile)
    .sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}
