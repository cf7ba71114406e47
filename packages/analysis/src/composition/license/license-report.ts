import type { DeclaredLicense, LicenseFile, LicenseReport } from '@rota/contracts';
import type { RepoSnapshot, SnapshotFile } from '../../snapshot/snapshot.js';
import { basename, compareByDepth, depth, dirname, extension } from '../paths.js';
import { canonicalId, declaredIds, identifyLicense, isSpdxExpression } from './identify.js';

/** LICENSE, LICENCE.md, COPYING, COPYING.LESSER, LICENSE-MIT, MIT-LICENSE, UNLICENSE ... */
const LICENSE_NAME =
  /^(?:(?:un)?licen[cs]e|copying)(?:[-_.][\w.-]*)?$|^[\w]+[-_]licen[cs]e(?:\.\w+)?$/i;
/** Source files called license.js or LICENSE.go are code, not license texts. */
const CODE_EXTENSIONS = new Set(
  'js mjs cjs ts tsx jsx py go rb java kt cs rs php json yml yaml toml xml sh c h cpp hpp swift scala vue svelte css scss'.split(
    ' ',
  ),
);
const MAX_LICENSE_BYTES = 512 * 1024;
const MAX_LICENSE_FILES = 5;

export function isLicenseFile(path: string): boolean {
  // REUSE keeps one text per license in a root LICENSES/ folder (LICENSES/MIT.txt).
  if (/^LICENSES\/[^/]+\.txt$/.test(path)) return true;
  return LICENSE_NAME.test(basename(path)) && !CODE_EXTENSIONS.has(extension(path));
}

/**
 * The license files that speak for the repository: those at the root; without any, the
 * shallowest ones found (a monorepo whose packages each carry one). Plain `LICENSE*` names first.
 */
export function licenseFilesOf(files: SnapshotFile[]): SnapshotFile[] {
  const candidates = files.filter((file) => isLicenseFile(file.path));
  if (!candidates.length) return [];
  const shallowest = Math.min(...candidates.map((file) => licenseDepth(file.path)));
  const rank = (path: string) => (/^licen[cs]e/i.test(basename(path)) ? 0 : 1);
  return candidates
    .filter((file) => licenseDepth(file.path) === shallowest)
    .sort((a, b) => rank(a.path) - rank(b.path) || compareByDepth(a.path, b.path))
    .slice(0, MAX_LICENSE_FILES);
}

/** REUSE's LICENSES/ texts speak for the root, as a root LICENSE would. */
function licenseDepth(path: string): number {
  return path.startsWith('LICENSES/') ? 1 : depth(path);
}

async function readLicense(snapshot: RepoSnapshot, file: SnapshotFile): Promise<LicenseFile> {
  const blob = await snapshot.readBlob(file, MAX_LICENSE_BYTES);
  if (!blob || blob.subarray(0, 8000).includes(0))
    return { path: file.path, spdxId: null, confidence: 0, method: 'none' };
  return { path: file.path, ...identifyLicense(blob.toString('utf8')) };
}

/**
 * The license report: each license file identified from its text, each manifest's declared
 * license, and whether they agree. Declarations at the root speak for the repository; without
 * any, every declaration does. Files and declarations agree when every identified file license is
 * declared and every declaration names a license found in a file (`GPL-3.0-or-later` and the
 * GPL-3.0 text agree: the text cannot say "or later").
 */
export async function licenseReport(
  snapshot: RepoSnapshot,
  files: SnapshotFile[],
  manifests: Array<{ path: string; license: string | null }>,
): Promise<LicenseReport> {
  const licenseFiles: LicenseFile[] = [];
  for (const file of licenseFilesOf(files)) licenseFiles.push(await readLicense(snapshot, file));
  const declared: DeclaredLicense[] = manifests
    .filter((manifest): manifest is { path: string; license: string } => !!manifest.license)
    .map((manifest) => ({
      path: manifest.path,
      value: manifest.license,
      spdxIds: declaredIds(manifest.license),
    }));

  const rootDeclared = declared.filter((item) => dirname(item.path) === '' && item.spdxIds.length);
  const speaking = rootDeclared.length
    ? rootDeclared
    : declared.filter((item) => item.spdxIds.length);
  const fileIds = new Set(
    licenseFiles.flatMap((file) => (file.spdxId ? [canonicalId(file.spdxId)] : [])),
  );
  const declaredSet = new Set(speaking.flatMap((item) => item.spdxIds.map(canonicalId)));

  const conflicts: string[] = [];
  for (const file of licenseFiles)
    if (file.spdxId && declaredSet.size && !declaredSet.has(canonicalId(file.spdxId)))
      conflicts.push(`${file.path} is ${file.spdxId} but no manifest declares it`);
  for (const item of speaking)
    if (fileIds.size && !item.spdxIds.some((id) => fileIds.has(canonicalId(id))))
      conflicts.push(
        `${item.path} declares ${item.value} but the license file says ${[...fileIds].join(', ')}`,
      );

  const agreement: LicenseReport['agreement'] =
    !fileIds.size && !declaredSet.size
      ? 'none'
      : !fileIds.size
        ? 'declared-only'
        : !declaredSet.size
          ? 'file-only'
          : conflicts.length
            ? 'disagree'
            : 'agree';
  return {
    spdxId: overallId(fileIds, speaking, agreement),
    files: licenseFiles,
    declared,
    agreement,
    conflicts,
  };
}

/**
 * One identified file license is the repository's license (the file is the legal text; a
 * disagreeing declaration is reported in `conflicts`). Several (LICENSE-MIT and LICENSE-APACHE)
 * are stated as the root declaration's expression when it agrees, else unknown rather than a
 * guess. Without a file, a single declared value written as an SPDX expression is used.
 */
function overallId(
  fileIds: Set<string>,
  speaking: DeclaredLicense[],
  agreement: LicenseReport['agreement'],
): string | null {
  const expressions = [...new Set(speaking.map((item) => item.value.trim()))];
  if (fileIds.size === 1) return [...fileIds][0]!;
  if (fileIds.size > 1)
    return agreement === 'agree' && expressions.length === 1 ? expressions[0]! : null;
  return expressions.length === 1 && isSpdxExpression(expressions[0]!) ? expressions[0]! : null;
}
