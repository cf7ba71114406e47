/**
 * What a path is, by convention: test file, lockfile, manifest, generated or vendored, binary. One
 * home for these facts so every rule agrees (a lockfile is never also scanned for TODOs); test
 * files, generated, vendored and binary files are the analysis engine's definitions.
 */
import {
  hasBinaryExtension as hasBinaryName,
  hasGeneratedHeader,
  isGeneratedPath,
  isLockFile as isGeneratedLockFile,
  thirdPartyKind,
} from '@rota/analysis';

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

export function dirName(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}

/** Test files by each language's conventions: the analysis engine's one definition. */
export { isTestFile } from '@rota/analysis';

/** Lockfile name → the manifests whose dependencies it pins. */
export const LOCKFILES: Record<string, string[]> = {
  'package-lock.json': ['package.json'],
  'npm-shrinkwrap.json': ['package.json'],
  'yarn.lock': ['package.json'],
  'pnpm-lock.yaml': ['package.json'],
  'bun.lock': ['package.json'],
  'bun.lockb': ['package.json'],
  'Cargo.lock': ['Cargo.toml'],
  'go.sum': ['go.mod'],
  'Gemfile.lock': ['Gemfile'],
  'poetry.lock': ['pyproject.toml'],
  'uv.lock': ['pyproject.toml'],
  'pdm.lock': ['pyproject.toml'],
  'composer.lock': ['composer.json'],
};

export const MANIFESTS = [
  'package.json',
  'Cargo.toml',
  'go.mod',
  'Gemfile',
  'pyproject.toml',
  'composer.json',
];

export function isLockfile(path: string): boolean {
  return baseName(path) in LOCKFILES;
}

export function isManifest(path: string): boolean {
  return MANIFESTS.includes(baseName(path));
}

/** Generators write the marker at the top; later lines mentioning it are prose, not a marker. */
const HEADER_LINES = 5;

/**
 * Vendored or generated, by the analysis engine's rules, so a review and the Structure tab read a
 * file's name alike: a folder of dependencies (`vendor/`, `node_modules/`, ...) is vendored code;
 * build output (`dist/`, ...), a minified bundle, a generated name (Linguist's generated.rb and
 * Rota's rules) or a generated header among the first five added lines is generated; lock files
 * are neither. A test fixture is this project's own test code, so it is reviewed,
 * unlike in the composition, which counts it as another project.
 */
export function generatedOrVendored(
  path: string,
  added: { line: number; text: string }[],
): 'generated' | 'vendored' | null {
  const kind = thirdPartyKind(path);
  if (kind === 'dependency') return 'vendored';
  if (kind === 'build' || kind === 'minified') return 'generated';
  // Every dependency change rewrites a lock file (and many say "DO NOT EDIT" at the top): a
  // change there is expected, not a hand edit to flag. isLockfile decides what is skipped.
  if (isGeneratedLockFile(path)) return null;
  if (isGeneratedPath(path, baseName(path))) return 'generated';
  const header = added.filter((entry) => entry.line <= HEADER_LINES).map((entry) => entry.text);
  return hasGeneratedHeader(header.join('\n')) ? 'generated' : null;
}

/** A binary format by its extension: the structure analysis's list. */
export function hasBinaryExtension(path: string): boolean {
  return hasBinaryName(baseName(path));
}

/** GitHub's patch for a binary file, when it sends one, is git's one-line notice. */
export function patchSaysBinary(patch: string | undefined): boolean {
  return patch !== undefined && /^Binary files .* differ$/m.test(patch);
}

/** Documentation: words like TODO or eslint-disable there are prose, not markers. */
export function isProseFile(path: string): boolean {
  return /\.(md|mdx|markdown|txt|rst|adoc)$/i.test(path);
}
