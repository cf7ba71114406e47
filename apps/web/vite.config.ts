import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { appFrame } from './vite-app-frame';
import { precompress } from './vite-precompress';

/** The web reads the contracts' TypeScript source directly, so no contracts build is needed first. */
export const contractsAlias = {
  '@rota/contracts': fileURLToPath(
    new URL('../../packages/contracts/src/index.ts', import.meta.url),
  ),
};

export default defineConfig({
  plugins: [react(), tailwindcss(), appFrame(), precompress()],
  resolve: { alias: contractsAlias },
  server: {
    // The API runs on :3000 in development; same-origin /api keeps the CSP's connect-src 'self' true.
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Every module the entry imports statically goes into one chunk. Rolldown otherwise gives
          // each module shared with a lazy route its own chunk: fifteen files that every page,
          // /login included, loads before it can render. Over HTTP/1.1's six connections per host
          // each file is a round trip in turn, and the bytes are the same either way. A/B, phone:
          // project page 0.86 → 0.91, /projects 0.87 → 0.94, /login 0.95 → 0.97 (docs/performance.md).
          groups: [{ name: 'initial', tags: ['$initial'] }],
        },
      },
    },
  },
});
