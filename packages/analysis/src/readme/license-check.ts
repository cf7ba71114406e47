import type { ReadmeCheck, ReadmeEvidence } from '@rota/contracts';
import {
  findSections,
  headingEvidence,
  makeCheck,
  sectionText,
  type CheckContext,
} from './check-kit.js';
import { licenseNameOfSpdx, licensesNamedIn, sameLicense, type LicenseName } from './licenses.js';
import { rubricEntry } from './rubric.js';

/**
 * The README's license section must exist, a license file must exist (the repository's license
 * files of the shared facts, identified there), and when both name a license
 * they must name the same one (a repository with several license files agrees when any matches).
 * A section that names nothing recognisable ("see LICENSE") defers to the file and agrees.
 */
export function licenseCheck(context: CheckContext): ReadmeCheck {
  const [addKey, addFileKey, mismatchKey] = rubricEntry('license').suggestionKeys;
  const sections = findSections(context.doc, 'license');
  const files = context.licenseFiles.map((file) => file.path);
  if (!sections.length) return makeCheck('license', 'failed', [], addKey);
  const lines = context.source.split('\n');
  const named = sections.flatMap((section) => licensesNamedIn(sectionText(lines, section)));
  const evidence: ReadmeEvidence[] = [
    ...sections.map((section) => headingEvidence(section.heading)),
    ...named.map((license) => ({ kind: 'licenseNamed' as const, license: license.id, line: null })),
  ];
  if (!files.length) return makeCheck('license', 'failed', evidence, addFileKey);

  const fileLicenses: LicenseName[] = [];
  for (const file of context.licenseFiles) {
    const license = file.spdxId ? licenseNameOfSpdx(file.spdxId) : null;
    evidence.push({
      kind: 'licenseFile',
      path: file.path,
      license: license?.id ?? null,
      line: null,
    });
    if (license) fileLicenses.push(license);
  }
  const comparable = named.length > 0 && fileLicenses.length > 0;
  if (comparable && !named.some((readme) => fileLicenses.some((file) => sameLicense(readme, file))))
    return makeCheck('license', 'failed', evidence, mismatchKey);
  return makeCheck('license', 'passed', evidence);
}
