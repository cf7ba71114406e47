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
  },
});
