import { REPORT_FRAME_HTML } from '../features/analysis/components/report/report-frame';
import { APP_FRAME_HTML } from './shell/app-frame';

/**
 * Which static frame the server paints into a page before any JavaScript, by path (spec §2
 * routes): the full report its own frame; sign-in, registration and the OAuth hand-over none
 * (their form is the page); every other page, being inside the shell, the shell's frame. First
 * match wins. The build writes each frame into a copy of index.html and this table as
 * `page-frames.json` (vite-app-frame.ts); the server only follows the table, so which page has
 * which frame is decided here, next to the routes, and nowhere else.
 */
export interface PageFrame {
  /** A regular expression over the path (no query). */
  paths: string;
  /** The copy of index.html to send, or null for index.html as built (no frame). */
  file: string | null;
  html?: string;
}

export const PAGE_FRAMES: PageFrame[] = [
  { paths: '^/analyze-full/', file: 'report-frame.html', html: REPORT_FRAME_HTML },
  { paths: '^/(?:login|register|auth/)', file: null },
  { paths: '^/', file: 'app-frame.html', html: APP_FRAME_HTML },
];

/** What the build writes as page-frames.json and the server reads. */
export const PAGE_FRAMES_FILE = 'page-frames.json';
