import type { Manifest, ManifestParseError } from '@rota/contracts';
import type { RepoSnapshot, SnapshotFile } from '../../snapshot/snapshot.js';
import { rulesFor, type Evidence } from '../frameworks.js';
import { ParseFailure } from '../parsers/parse-failure.js';
import { compareByDepth, mapLimit } from '../../facts/paths.js';
import { readerFor } from './registry.js';
import type { ManifestFacts, ManifestReader } from './types.js';

/** Manifests read per run; more are counted in `manifestsSkipped`, not read. */
export const MAX_MANIFESTS = 2_000;
/** YAML files opened to see whether they are Kubernetes objects; they are not manifests by name. */
const MAX_SPECULATIVE = 500;
const MAX_MANIFEST_BYTES = 1024 * 1024;
const MAX_SPECULATIVE_BYTES = 256 * 1024;
const MAX_DEPENDENCIES = 500;
/** Blob reads in flight at once through the snapshot's single cat-file process. */
const READ_CONCURRENCY = 16;

export interface ReadManifest {
  manifest: Manifest;
  facts: ManifestFacts | null;
  /** What the manifest names, for the framework summary. */
  evidence: Evidence[];
}

function emptyManifest(path: string, reader: ManifestReader): Manifest {
  return {
    path,
    kind: reader.kind,
    ecosystem: reader.ecosystem,
    name: null,
    version: null,
    license: null,
    dependencies: [],
    dependencyCount: 0,
    frameworks: [],
    runtimes: [],
    workspaces: [],
    images: [],
    services: [],
    resources: [],
    ci: null,
    parseError: null,
  };
}

/** The manifest's facts, or a parse error; null when a speculative file is no manifest after all. */
async function parse(
  snapshot: RepoSnapshot,
  file: SnapshotFile,
  reader: ManifestReader,
): Promise<ManifestFacts | ManifestParseError | null> {
  if (file.size > MAX_MANIFEST_BYTES)
    return {
      code: 'too-large',
      message: `${file.size} bytes; manifests over ${MAX_MANIFEST_BYTES} bytes are not read`,
    };
  const blob = await snapshot.readBlob(file, MAX_MANIFEST_BYTES);
  if (!blob) return { code: 'unreadable', message: 'the blob is missing from the repository' };
  if (blob.subarray(0, 8000).includes(0))
    return { code: 'binary', message: 'the file holds binary data' };
  try {
    return reader.read(blob.toString('utf8'), file.path);
  } catch (error) {
    // Readers throw ParseFailure for bad syntax; anything else (a stack overflow on hostile
    // nesting, an unexpected shape) is reported the same way rather than failing the analysis.
    const message =
      error instanceof ParseFailure || error instanceof Error ? error.message : String(error);
    return { code: 'invalid-syntax', message: message.slice(0, 300) };
  }
}

function isParseError(value: ManifestFacts | ManifestParseError): value is ManifestParseError {
  return 'code' in value && 'message' in value;
}

function shape(
  file: SnapshotFile,
  reader: ManifestReader,
  result: ManifestFacts | ManifestParseError,
): ReadManifest {
  const manifest = emptyManifest(file.path, reader);
  // The kind alone is evidence (a Dockerfile means Docker) even when the content is unreadable.
  const evidence: Evidence[] = [{ key: 'manifest', name: reader.kind, path: file.path }];
  if (isParseError(result)) {
    manifest.parseError = result;
    manifest.frameworks = [
      ...new Set(evidence.flatMap((item) => rulesFor(item).map((rule) => rule.name))),
    ];
    return { manifest, facts: null, evidence };
  }
  const dependencies = (result.dependencies ?? []).filter((item) => item.name);
  if (reader.dependencyKey)
    for (const item of dependencies)
      evidence.push({
        key: reader.dependencyKey,
        name: item.name,
        version: item.version,
        path: file.path,
      });
  for (const mention of result.mentions ?? []) evidence.push({ ...mention, path: file.path });
  Object.assign(manifest, {
    name: result.name ?? null,
    version: result.version ?? null,
    license: result.license ?? null,
    dependencies: dependencies.slice(0, MAX_DEPENDENCIES),
    dependencyCount: dependencies.length,
    frameworks: [
      ...new Set(evidence.flatMap((item) => rulesFor(item).map((rule) => rule.name))),
    ].sort(),
    runtimes: result.runtimes ?? [],
    workspaces: result.workspace?.patterns ?? [],
    images: result.images ?? [],
    services: result.services ?? [],
    resources: result.resources ?? [],
    ci: result.ci ?? null,
  });
  return { manifest, facts: result, evidence };
}

/**
 * Finds and reads every manifest among `files` (already stripped of vendored paths), root first.
 * Blobs come through the snapshot's one cat-file process with a few reads in flight.
 */
export async function readManifests(
  snapshot: RepoSnapshot,
  files: SnapshotFile[],
): Promise<{ manifests: ReadManifest[]; skipped: number }> {
  const named: Array<[SnapshotFile, ManifestReader]> = [];
  const speculative: Array<[SnapshotFile, ManifestReader]> = [];
  // Only the files a reader takes are sorted (sorting the whole tree cost more than reading).
  const candidates: Array<[SnapshotFile, ManifestReader]> = [];
  for (const file of files) {
    const reader = readerFor(file.path);
    if (reader) candidates.push([file, reader]);
  }
  candidates.sort(([a], [b]) => compareByDepth(a.path, b.path));
  for (const [file, reader] of candidates) {
    if (reader.kind !== 'kubernetes') named.push([file, reader]);
    else if (file.size <= MAX_SPECULATIVE_BYTES && speculative.length < MAX_SPECULATIVE)
      speculative.push([file, reader]);
  }
  const chosen = [...named.slice(0, MAX_MANIFESTS), ...speculative];
  const results = await mapLimit(chosen, READ_CONCURRENCY, ([file, reader]) =>
    parse(snapshot, file, reader),
  );
  const manifests: ReadManifest[] = [];
  results.forEach((result, i) => {
    const [file, reader] = chosen[i]!;
    if (result !== null) manifests.push(shape(file, reader, result));
  });
  manifests.sort((a, b) => compareByDepth(a.manifest.path, b.manifest.path));
  return { manifests, skipped: Math.max(0, named.length - MAX_MANIFESTS) };
}
