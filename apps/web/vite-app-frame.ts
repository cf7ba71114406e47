import type { Plugin } from 'vite';
import { APP_FRAME_HTML } from './src/app/shell/app-frame';

/** Where the server finds the copy of index.html with the signed-in pages' frame painted in. */
export const APP_FRAME_FILE = 'app-frame.html';

const EMPTY_ROOT = '<div id="root"></div>';

/**
 * Writes `app-frame.html`: the built index.html with the signed-in pages' static frame inside
 * `#root` (see `src/app/shell/app-frame.ts`). Same scripts, styles and hashes as index.html; the
 * server sends it for the pages inside the shell. Runs before `precompress`, which compresses it too.
 */
export function appFrame(): Plugin {
  return {
    name: 'rota:app-frame',
    apply: 'build',
    // After Vite's own HTML plugin has put the built index.html into the bundle.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset') this.error('index.html is not in the bundle');
      const html = String(index.source);
      if (!html.includes(EMPTY_ROOT)) this.error(`index.html has no ${EMPTY_ROOT}`);
      this.emitFile({
        type: 'asset',
        fileName: APP_FRAME_FILE,
        source: html.replace(EMPTY_ROOT, `<div id="root">${APP_FRAME_HTML}</div>`),
      });
    },
  };
}
