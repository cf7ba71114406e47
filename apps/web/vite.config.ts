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
  build: { outDir: 'dist', emptyOutDir: true },
});
