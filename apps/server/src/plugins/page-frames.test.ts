import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readPageFrames } from './page-frames.js';

let dir: string;
const build = (files: Record<string, string>) => {
  dir = mkdtempSync(path.join(tmpdir(), 'rota-page-frames-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
};
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('readPageFrames: which copy of index.html a page gets', () => {
  it('follows the table, first match first, and names only files of the build', () => {
    const pageFor = readPageFrames(
      build({
        'index.html': '',
        'app-frame.html': '',
        'page-frames.json': JSON.stringify([
          { paths: '^/analyze-full/', file: 'report-frame.html' }, // not built: skipped
          { paths: '^/login', file: null },
          { paths: '^/', file: 'app-frame.html' },
        ]),
      }),
    );
    expect(pageFor('/login')).toBe('index.html');
    expect(pageFor('/dashboard')).toBe('app-frame.html');
    expect(pageFor('/analyze-full/p-1')).toBe('app-frame.html');
  });

  it.each([
    ['no table', undefined],
    ['a table that is not JSON', '{'],
    ['a table that is not a list', '{"paths":"^/"}'],
    ['a rule without paths', '[{"file":"app-frame.html"}]'],
    ['a file outside the build', '[{"paths":"^/","file":"../secret.html"}]'],
    ['a pattern that is not one', '[{"paths":"(","file":"app-frame.html"}]'],
  ])('with %s, every page gets index.html', (_case, table) => {
    const pageFor = readPageFrames(
      build({
        'index.html': '',
        'app-frame.html': '',
        ...(table === undefined ? {} : { 'page-frames.json': table }),
      }),
    );
    expect(pageFor('/dashboard')).toBe('index.html');
  });
});
