// `npm run bench [name ...]`: runs bench/<name>.ts (all of them without names), each in its own
// process so peak memory and timings of one do not leak into the next.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const available = readdirSync(new URL('../bench', import.meta.url))
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
  .map((file) => file.slice(0, -3))
  .sort();
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !available.includes(name));
if (unknown.length) {
  console.error(`unknown benchmark: ${unknown.join(', ')} (available: ${available.join(', ')})`);
  process.exit(2);
}
let failed = 0;
for (const name of wanted.length ? wanted : available) {
  console.log(`\n=== bench/${name}.ts`);
  const result = spawnSync(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', `bench/${name}.ts`],
    { stdio: 'inherit' },
  );
  if (result.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
