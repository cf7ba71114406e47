// tsc compiles only .ts files; the SQL migrations must sit beside dist/db/migrate.js too.
import { cpSync, rmSync } from 'node:fs';

rmSync(new URL('../dist/db/migrations', import.meta.url), { recursive: true, force: true });
cpSync(
  new URL('../src/db/migrations', import.meta.url),
  new URL('../dist/db/migrations', import.meta.url),
  {
    recursive: true,
  },
);
