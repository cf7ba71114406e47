import path from 'node:path/posix';
import type { ReadmeCheck, ReadmeEvidence } from '@rota/contracts';
import {
  findSections,
  headingEvidence,
  makeCheck,
  sectionText,
  type CheckContext,
} from './check-kit.js';
import { licenseOfText, licensesNamedIn, sameLicense, type LicenseName } from './licenses.js';
import { rubricEntry } from './rubric.js';

/** Root files GitHub reads a license from: LICENSE, LICENCE, COPYING, UNLICENSE, any case or suffix. */
export function isLicenseFileName(fileName: string): boolean {
  return /^(?:un)?licen[cs]e(?:s)?(?:[.-].*)?$|^copying(?:[.-].*)?$/i.test(fileName);
}

export function licenseFiles(paths: readonly string[]): string[] {
  return paths.filter((file) => !file.includes('/') && isLicenseFileName(path.basename(file)));
}

const LICENSE_READ_BYTES = 64 * 1024;

/**
 * The README's license section must exist, a LICENSE file must exist, and when both name a license
 * they must name the same one (a repository with several license files agrees when any matches).
 * A section that names nothing recognisable ("see LICENSE") defers to the file and agrees.
 */
export async function licenseCheck(context: CheckContext): Promise<ReadmeCheck> {
  const [addKey, addFileKey, mismatchKey] = rubricEntry('license').suggestionKeys;
  const sections = findSections(context.doc, 'license');
  const files = licenseFiles(context.paths);
  if (!sections.length) return makeCheck('license', 'failed', 'no license section', [], addKey);
  const lines = context.source.split('\n');
  const named = sections.flatMap((section) => licensesNamedIn(sectionText(lines, section)));
  const evidence: ReadmeEvidence[] = [
    ...sections.map((section) => headingEvidence(section.heading)),
    ...named.map((license) => ({ text: `README names ${license.id}`, line: null })),
  ];
  if (!files.length)
    return makeCheck(
      'license',
      'failed',
      'license section but no LICENSE file',
      evidence,
      addFileKey,
    );

  const fileLicenses: LicenseName[] = [];
  for (const file of files) {
    const text = await context.readText(file);
    const license = text === null ? null : licenseOfText(text.slice(0, LICENSE_READ_BYTES));
    evidence.push({ text: `${file}: ${license?.id ?? 'not recognised'}`, line: null });
    if (license) fileLicenses.push(license);
  }
  const comparable = named.length > 0 && fileLicenses.length > 0;
  if (comparable && !named.some((readme) => fileLicenses.some((file) => sameLicense(readme, file))))
    return makeCheck(
      'license',
      'failed',
      `README names ${named.map((l) => l.id).join(', ')} but ${files.join(', ')} is ${fileLicenses.map((l) => l.id).join(', ')}`,
      evidence,
      mismatchKey,
    );
  return makeCheck(
    'license',
    'passed',
    comparable
      ? 'license section agrees with the LICENSE file'
      : 'license section and LICENSE file present',
    evidence,
  );
}
