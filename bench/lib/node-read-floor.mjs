// The least a Node.js process can do for a structure run, as a baseline for the CLI's:
// start, list the commit's tree, read every blob once through `git cat-file --batch --buffer`, and
// count newline bytes. No classification, no language rules, no composition. Plain JavaScript (no
// TypeScript loader), started the way the CLI's bundle is.
//   node bench/lib/node-read-floor.mjs <git dir> <commit>
import { execFileSync, spawn } from 'node:child_process';

const [gitDir, commit] = process.argv.slice(2);
const listing = execFileSync('git', [`--git-dir=${gitDir}`, 'ls-tree', '-r', commit], {
  maxBuffer: 1 << 30,
}).toString();
const blobs = [];
for (const line of listing.split('\n')) {
  const [, type, oid] = line.split(/\s+/);
  if (type === 'blob') blobs.push(oid);
}
const cat = spawn('git', [`--git-dir=${gitDir}`, 'cat-file', '--batch', '--buffer']);
cat.stdin.end(`${blobs.join('\n')}\n`);
let newlines = 0;
cat.stdout.on('data', (chunk) => {
  for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) newlines += 1;
});
cat.on('close', (code) => {
  if (code !== 0) process.exit(code ?? 1);
  process.stderr.write(`newlines ${newlines}\n`);
});
