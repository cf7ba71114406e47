import { cpSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type BuildSide = 'a' | 'b';

export interface TwoBuilds {
  /** The web build directory to serve (WEB_DIST_DIR): both builds' assets, one side's pages. */
  dir: string;
  /** Makes `side`'s pages (index.html, the page frames, their .br/.gz) the ones served. */
  use: (side: BuildSide) => void;
  remove: () => void;
}

/** The files at a web build's top level (pages, frames, theme script), not its assets folder. */
const topLevelFiles = (dist: string) =>
  readdirSync(dist).filter((name) => statSync(path.join(dist, name)).isFile());

/**
 * Two web builds served by one server, to compare one change without the noise between two
 * server processes and two bench runs (±0.02 of a Lighthouse score): Vite fingerprints every
 * asset, so both builds' assets live side by side, and only the top-level pages differ; `use`
 * swaps those between audits. The server reads the page-frames table once at start, so both
 * builds must give their pages the same frames (side a's table is the one followed).
 */
export function twoBuilds(distA: string, distB: string): TwoBuilds {
  const dir = mkdtempSync(path.join(tmpdir(), 'rota-bench-two-builds-'));
  const serve = path.join(dir, 'dist');
  cpSync(distA, serve, { recursive: true });
  cpSync(path.join(distB, 'assets'), path.join(serve, 'assets'), { recursive: true });
  const pages: Record<BuildSide, string> = { a: distA, b: distB };
  const use = (side: BuildSide) => {
    for (const name of topLevelFiles(pages[side])) {
      cpSync(path.join(pages[side], name), path.join(serve, name));
    }
  };
  use('a');
  return { dir: serve, use, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
