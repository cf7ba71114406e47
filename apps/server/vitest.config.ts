import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export const serverTestConfig = (name: string, driver: 'pglite' | 'postgres') =>
  defineConfig({
    resolve: {
      alias: {
        '@rota/contracts': fileURLToPath(
          new URL('../../packages/contracts/src/index.ts', import.meta.url),
        ),
        '@rota/analysis': fileURLToPath(
          new URL('../../packages/analysis/src/index.ts', import.meta.url),
        ),
      },
    },
    test: {
      name,
      root: fileURLToPath(new URL('.', import.meta.url)),
      include: ['src/**/*.test.ts'],
      // Booting the real entry point is about the embedded default; once is enough, as for the
      // slow clients' 20 s (the HTTP layer's timeouts, the same on either database).
      // *.pg.test.ts need a database other processes can join: PostgreSQL only.
      // *.pglite.test.ts test what only the embedded database has (single-process caches).
      exclude:
        driver === 'postgres'
          ? ['src/server.test.ts', 'src/plugins/slow-clients.test.ts', 'src/**/*.pglite.test.ts']
          : ['src/**/*.pg.test.ts'],
      environment: 'node',
      env: { TEST_DB_DRIVER: driver },
      globalSetup: driver === 'pglite' ? ['src/testing/global-setup.ts'] : [],
      testTimeout: 20_000,
      hookTimeout: 60_000,
    },
  });

export default serverTestConfig('server', 'pglite');
