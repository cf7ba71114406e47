// Writes the CLI's JSON answers (structure with composition, readme, diagram: the analyses that read
// blobs) for every repository of bench/corpus.json, at its recorded commit, one file per repository;
// with --compare, also diffs them against an earlier run's folder and exits 1 when any differs.
// Made to show that a speed change leaves every answer byte-identical:
//
//   CORPUS_DIR=/work/.mirror node scripts/corpus-outputs.mjs /tmp/before       (on the old code)
//   CORPUS_DIR=/work/.mirror node scripts/corpus-outputs.mjs /tmp/after --compare /tmp/before
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const bin = path.join(root, 'packages/analysis/bin/rota-analyze.js');
const KINDS = 'structure,readme,diagram';

const args = process.argv.slice(2);
const compareAt = args.indexOf('--compare');
const against = compareAt === -1 ? undefined : args[compareAt + 1];
const outDir = args.find(
  (arg, index) => !arg.startsWith('--') && (compareAt === -1 || index !== compareAt + 1),
);
const corpusDir = process.env.CORPUS_DIR;
if (!outDir || !corpusDir || (compareAt !== -1 && !against)) {
  console.error(
    'usage: CORPUS_DIR=<mirrors> node scripts/corpus-outputs.mjs <out-dir> [--compare <dir>]',
  );
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });

const { repositories } = JSON.parse(readFileSync(path.join(root, 'bench/corpus.json'), 'utf8'));
let differing = 0;
for (const entry of repositories) {
  const result = spawnSync(
    process.execPath,
    [bin, path.join(corpusDir, entry.path), '--ref', entry.commit, '--only', KINDS, '--json'],
    { maxBuffer: 1 << 30 },
  );
  if (result.status !== 0) {
    console.log(`${entry.name}: failed (${result.stderr.toString().trim().split('\n')[0]})`);
    differing += 1;
    continue;
  }
  const file = `${entry.name}.json`;
  writeFileSync(path.join(outDir, file), result.stdout);
  if (!against) {
    console.log(`${entry.name}: written`);
    continue;
  }
  const earlier = path.join(against, file);
  const same = existsSync(earlier) && readFileSync(earlier).equals(result.stdout);
  if (!same) differing += 1;
  console.log(`${entry.name}: ${same ? 'identical' : 'DIFFERS'}`);
}
if (against) console.log(differing ? `${differing} differ` : 'all identical');
process.exit(differing ? 1 : 0);
