import type { Plugin } from 'vite';
import { PAGE_FRAMES, PAGE_FRAMES_FILE } from './src/app/page-frames';

const EMPTY_ROOT = '<div id="root"></div>';

/**
 * Writes each static page frame of `src/app/page-frames.ts` as a copy of the built index.html with
 * the frame inside `#root`, and the table of which paths get which copy as `page-frames.json`,
 * which the server follows. Same scripts, styles and hashes as index.html. Runs before
 * `precompress`, which compresses the copies too.
 */
export function appFrame(): Plugin {
  return {
    name: 'rota:page-frames',
    apply: 'build',
    // After Vite's own HTML plugin has put the built index.html into the bundle.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset') this.error('index.html is not in the bundle');
      const html = String(index.source);
      if (!html.includes(EMPTY_ROOT)) this.error(`index.html has no ${EMPTY_ROOT}`);
      for (const frame of PAGE_FRAMES) {
        if (frame.file === null || frame.html === undefined) continue;
        this.emitFile({
          type: 'asset',
          fileName: frame.file,
          source: html.replace(EMPTY_ROOT, `<div id="root">${frame.html}</div>`),
        });
      }
      this.emitFile({
        type: 'asset',
        fileName: PAGE_FRAMES_FILE,
        source: JSON.stringify(PAGE_FRAMES.map(({ paths, file }) => ({ paths, file }))),
      });
    },
  };
}
