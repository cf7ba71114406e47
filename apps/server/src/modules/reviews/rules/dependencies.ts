import { dependenciesChanged } from './dependency-changes.js';
import { baseName, dirName, isLockfile, isManifest, LOCKFILES } from './paths.js';
import type { DiffEntry, ReviewRule, RuleHit } from './types.js';

/**
 * A manifest and its lockfile change together. A lockfile may sit in the manifest's folder or
 * above it (npm, Yarn, pnpm, Cargo and uv workspaces keep one lockfile at the root).
 */

function lockfileCovers(lockfile: DiffEntry, manifest: DiffEntry): boolean {
  if (!(LOCKFILES[baseName(lockfile.filename)] ?? []).includes(baseName(manifest.filename))) {
    return false;
  }
  const lockDir = dirName(lockfile.filename);
  const manifestDir = dirName(manifest.filename);
  return lockDir === '' || manifestDir === lockDir || manifestDir.startsWith(`${lockDir}/`);
}

export const manifestWithoutLockfileRule: ReviewRule = {
  id: 'deps.manifest-without-lockfile',
  severity: 'medium',
  category: 'dependencies',
  confidence: 0.8,
  description: "A manifest's dependencies changed but its lockfile did not.",
  check({ all }) {
    const lockfiles = all.filter((entry) => isLockfile(entry.filename));
    const hits: RuleHit[] = [];
    for (const entry of all) {
      if (!isManifest(entry.filename) || entry.status === 'removed') continue;
      if (lockfiles.some((lockfile) => lockfileCovers(lockfile, entry))) continue;
      // Without a patch the change cannot be told apart from a version bump: say nothing.
      if (dependenciesChanged(entry.filename, entry.patch) !== true) continue;
      const expected = Object.entries(LOCKFILES)
        .filter(([, manifests]) => manifests.includes(baseName(entry.filename)))
        .map(([name]) => name);
      hits.push({
        file: entry.filename,
        line: null,
        title: 'Dependencies changed without the lockfile',
        message:
          `The dependencies in ${entry.filename} changed but no lockfile (${expected.join(', ')}) ` +
          'did. Install again and commit the lockfile, so CI and everyone else build the same tree.',
      });
    }
    return hits;
  },
};

export const lockfileOnlyRule: ReviewRule = {
  id: 'deps.lockfile-only',
  severity: 'info',
  category: 'dependencies',
  confidence: 1,
  description: 'A lockfile changed while no manifest did.',
  check({ all }) {
    if (all.some((entry) => isManifest(entry.filename))) return [];
    return all
      .filter((entry) => isLockfile(entry.filename) && entry.status !== 'removed')
      .map((entry) => ({
        file: entry.filename,
        line: null,
        title: 'Lockfile changed alone',
        message:
          'Only the lockfile changed. That is normal for a dependency refresh; if it was not meant, ' +
          'check which packages moved, since nothing in the manifests asked for it.',
      }));
  },
};
