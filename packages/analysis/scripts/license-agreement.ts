/**
 * Proof that the analyses give one license answer: runs structure (with composition) and readme on
 * every mirror in a folder and prints, per repository, the license files each analysis names.
 * Usage: node --conditions=source --import tsx packages/analysis/scripts/license-agreement.ts /work/.mirror
 * Exits 1 when any repository's answers differ.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { runAnalyses } from '../src/run.js';

const root = process.argv[2];
if (!root) {
  console.error('usage: license-agreement.ts <folder of <owner>+<name>/repo mirrors>');
  process.exit(2);
}
let disagreements = 0;
console.log(
  '| repository | composition | README check | community files | CI (community / composition) | agree |',
);
console.log('|---|---|---|---|---|---|');
for (const name of readdirSync(root).sort()) {
  const gitDir = path.join(root, name, 'repo');
  try {
    readdirSync(gitDir);
  } catch {
    continue;
  }
  const started = Date.now();
  const { structure, readme } = await runAnalyses(gitDir, 'HEAD', ['structure', 'readme']);
  const composition = structure.composition.license.files.map(
    (f) => `${f.path}=${f.spdxId ?? '?'}`,
  );
  const check = readme.readme.checks.find((c) => c.id === 'license');
  const readmeFiles = (check?.evidence ?? []).flatMap((e) =>
    e.kind === 'licenseFile' ? [`${e.path}=${e.license ?? '?'}`] : [],
  );
  const community = readme.communityFiles.files
    .find((f) => f.kind === 'license')!
    .found.map((f) => f.path);
  const ciCommunity = readme.communityFiles.files.find((f) => f.kind === 'ci')!.found.length;
  const ciComposition = structure.composition.manifests.filter((m) => m.ecosystem === 'ci').length;
  const paths = (list: string[]) => list.map((item) => item.split('=')[0]).join(',');
  // The README check lists files only when the README has a license section.
  const agree =
    paths(composition) === community.join(',') &&
    (readmeFiles.length === 0 || paths(readmeFiles) === community.join(','));
  if (!agree) disagreements++;
  console.log(
    `| ${name} | ${composition.join(', ') || '—'} | ${check?.status ?? '—'}: ${readmeFiles.join(', ') || '—'} | ${community.join(', ') || 'missing'} | ${ciCommunity} / ${ciComposition} | ${agree ? 'yes' : 'NO'} (${Date.now() - started} ms) |`,
  );
}
process.exit(disagreements ? 1 : 0);
