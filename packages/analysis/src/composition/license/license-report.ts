import type { DeclaredLicense, LicenseConflict, LicenseFile, LicenseReport } from '@rota/contracts';
import { dirname } from '../../facts/paths.js';
import { canonicalId, declaredIds, isSpdxExpression } from './identify.js';

/**
 * The license report: each of the repository's license files (the shared facts: root and
 * `LICENSES/`, identified from their texts by ./identify.ts), each manifest's declared
 * license, and whether they agree. Declarations at the root speak for the repository; without
 * any, every declaration does. Files and declarations agree when every identified file license is
 * declared and every declaration names a license found in a file (`GPL-3.0-or-later` and the
 * GPL-3.0 text agree: the text cannot say "or later").
 */
export function licenseReport(
  licenseFiles: LicenseFile[],
  manifests: Array<{ path: string; license: string | null }>,
): LicenseReport {
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

  const conflicts: LicenseConflict[] = [];
  for (const file of licenseFiles)
    if (file.spdxId && declaredSet.size && !declaredSet.has(canonicalId(file.spdxId)))
      conflicts.push({
        kind: 'fileNotDeclared',
        path: file.path,
        license: file.spdxId,
        others: [...declaredSet],
      });
  for (const item of speaking)
    if (fileIds.size && !item.spdxIds.some((id) => fileIds.has(canonicalId(id))))
      conflicts.push({
        kind: 'declarationDiffers',
        path: item.path,
        license: item.value,
        others: [...fileIds],
      });

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
    spdxId: overallId(licenseFiles.length > 0, fileIds, speaking, agreement),
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
 * guess. Without a license file, a single declared value written as an SPDX expression is used; a
 * license file whose text names no license is the legal text all the same, so declarations do not
 * stand in for it (the MCP TypeScript SDK: an unidentified LICENSE, "SEE LICENSE IN LICENSE" at the
 * root, "MIT" in its packages).
 */
function overallId(
  hasFiles: boolean,
  fileIds: Set<string>,
  speaking: DeclaredLicense[],
  agreement: LicenseReport['agreement'],
): string | null {
  const expressions = [...new Set(speaking.map((item) => item.value.trim()))];
  if (fileIds.size === 1) return [...fileIds][0]!;
  if (fileIds.size > 1)
    return agreement === 'agree' && expressions.length === 1 ? expressions[0]! : null;
  if (hasFiles) return null;
  return expressions.length === 1 && isSpdxExpression(expressions[0]!) ? expressions[0]! : null;
}
