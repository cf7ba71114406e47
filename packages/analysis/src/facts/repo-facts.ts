import type { LicenseFile } from '@rota/contracts';
import { identifyLicense } from '../composition/license/identify.js';
import type { RepoSnapshot } from '../snapshot/snapshot.js';
import { isCiFile } from './ci-files.js';
import { repositoryLicenseFiles } from './license-files.js';
import { isThirdPartyPath } from './third-party.js';

/**
 * Facts about one snapshot that more than one analysis needs, computed once by `runAnalyses` and
 * only read by structure, composition, README and diagram, so two analyses can never give two
 * answers to the same question (rails' `MIT-LICENSE` once was MIT in one tab and missing in another).
 */
export interface RepoFacts {
  /** Every file and symlink path, as git lists them. */
  paths: readonly string[];
  /** The repository's license files (root and `LICENSES/`), each identified from its text. */
  licenseFiles: LicenseFile[];
  /** CI configuration files, found by path whatever any classification says. */
  ciFiles: string[];
}

const MAX_LICENSE_BYTES = 512 * 1024;
const MAX_LICENSE_FILES = 5;

export async function collectRepoFacts(
  snapshot: Pick<RepoSnapshot, 'files' | 'symlinks' | 'readBlob'>,
): Promise<RepoFacts> {
  const paths = [
    ...snapshot.files.map((file) => file.path),
    ...snapshot.symlinks.map((link) => link.path),
  ];
  const files = new Map(snapshot.files.map((file) => [file.path, file]));
  const licenseFiles: LicenseFile[] = [];
  for (const path of repositoryLicenseFiles(paths).slice(0, MAX_LICENSE_FILES)) {
    const file = files.get(path);
    const blob = file ? await snapshot.readBlob(file, MAX_LICENSE_BYTES) : null;
    // A symlinked or binary license file is present, but its text is not identified.
    licenseFiles.push(
      !blob || blob.subarray(0, 8000).includes(0)
        ? { path, spdxId: null, confidence: 0, method: 'none' }
        : { path, ...identifyLicense(blob.toString('utf8')) },
    );
  }
  return {
    paths,
    licenseFiles,
    ciFiles: ciFilesIn(paths),
  };
}

/** CI files by path alone, outside third-party folders, in code-unit order. */
export function ciFilesIn(paths: readonly string[]): string[] {
  return paths.filter((path) => isCiFile(path) && !isThirdPartyPath(path)).sort();
}
