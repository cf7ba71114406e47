import { defineConfig } from 'vitest/config';
import { contractsAlias } from './vite.config.ts';

export default defineConfig({
  resolve: { alias: contractsAlias },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // Component tests render whole pages with lazy chunks; on a loaded 2-core machine the first one
    // of a file can pass 5 s while Vite transforms its imports.
    testTimeout: 15_000,
  },
});
