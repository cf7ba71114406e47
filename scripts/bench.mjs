// `npm run bench [name [argument ...] ...]`: runs bench/<name>.ts (all of them without names), each
// in its own process so peak memory and timings of one do not leak into the next. Words after a
// name that are not benchmark names are that benchmark's arguments
// (`npm run bench -- structure-real /path/to/repo --runs 3`).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const available = readdirSync(new URL('../bench', import.meta.url))
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
  .map((file) => file.slice(0, -3))
  .sort();
const wanted = [];
for (const word of process.argv.slice(2)) {
  if (available.includes(word)) wanted.push({ name: word, args: [] });
  else if (wanted.length) wanted.at(-1).args.push(word);
  else {
    console.error(`unknown benchmark: ${word} (available: ${available.join(', ')})`);
    process.exit(2);
  }
}
let failed = 0;
for (const { name, args } of wanted.length
  ? wanted
  : available.map((name) => ({ name, args: [] }))) {
  console.log(`\n=== bench/${name}.ts`);
  const result = spawnSync(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', `bench/${name}.ts`, ...args],
    { stdio: 'inherit' },
  );
  if (result.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
