import { defineConfig } from 'vitest/config';

// One `vitest run` covers every workspace. The server suite runs on PGlite always and, when
// TEST_DATABASE_URL is set, a second time on the real PostgreSQL server (apps/server/vitest.pg.config.ts).
const projects = ['packages/contracts', 'packages/analysis', 'apps/server', 'apps/web'];
if (process.env.TEST_DATABASE_URL) projects.push('apps/server/vitest.pg.config.ts');

export default defineConfig({
  test: { projects },
});
