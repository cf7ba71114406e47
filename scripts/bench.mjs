// `npm run bench [name ...]`: runs bench/<name>.ts (all of them without names), each in its own
// process so peak memory and timings of one do not leak into the next.
// `npm run bench -- <name> <arg ...>`: the words after the first one that is not a benchmark's name
// are that one benchmark's arguments (e.g. `npm run bench -- corpus flask rails`).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const available = readdirSync(new URL('../bench', import.meta.url))
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
  .map((file) => file.slice(0, -3))
  .sort();
const words = process.argv.slice(2);
const firstArgument = words.findIndex((word) => !available.includes(word));
const wanted = firstArgument === -1 ? words : words.slice(0, firstArgument);
const passed = firstArgument === -1 ? [] : words.slice(firstArgument);
if (passed.length && wanted.length !== 1) {
  console.error(
    wanted.length
      ? `arguments (${passed.join(' ')}) can be given to one benchmark only, not ${wanted.join(', ')}`
      : `unknown benchmark: ${passed[0]} (available: ${available.join(', ')})`,
  );
  process.exit(2);
}
let failed = 0;
for (const name of wanted.length ? wanted : available) {
  console.log(`\n=== bench/${name}.ts`);
  const result = spawnSync(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', `bench/${name}.ts`, ...passed],
    { stdio: 'inherit' },
  );
  if (result.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
