import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createRepo } from '../testing/repo-builder.js';

// The installed command (`npx rota-analyze`), run as a user runs it: a process, from the bundle
// the bin script builds when it is missing or out of date.
const bin = fileURLToPath(new URL('../../bin/rota-analyze.js', import.meta.url));
const manifestPath = fileURLToPath(
  new URL('../../dist/rota-analyze/current.json', import.meta.url),
);

const repo = createRepo();
repo.write('README.md', '# Demo\n').write('src/index.ts', 'export const a = 1;\n');
repo.commit('first');
const scratch = mkdtempSync(path.join(tmpdir(), 'rota-bin-test-'));
afterAll(() => {
  repo.remove();
  rmSync(scratch, { recursive: true, force: true });
});

// Records every module the process loads (a resolve hook, in the loader's thread; its own imports
// are static, since a dynamic one would go through the hook again).
const loadLog = path.join(scratch, 'loaded.txt');
const hook = `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(${JSON.stringify(loadLog)}, result.url + '\\n');
  return result;
}`;
const register = `import { register } from 'node:module';
register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hook)}`)});`;

function run(args: string[], nodeArgs: string[] = []) {
  const result = spawnSync(process.execPath, [...nodeArgs, bin, ...args], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('the rota-analyze command', () => {
  it('answers --help', () => {
    const { code, stdout } = run(['--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: rota-analyze <path-or-git-dir>/);
  });

  it('loads only the analyses it is asked for', () => {
    writeFileSync(loadLog, '');
    const { code, stdout } = run(
      ['--json', '--only', 'branches', repo.dir],
      ['--import', `data:text/javascript,${encodeURIComponent(register)}`],
    );
    expect(code).toBe(0);
    expect(JSON.parse(stdout).branches.summary.total).toBe(1);
    const chunks = readFileSync(loadLog, 'utf8')
      .split('\n')
      .filter((url) => url.includes('/dist/rota-analyze/'))
      .map((url) => path.basename(url));
    expect(chunks.some((name) => name.startsWith('branches-'))).toBe(true);
    for (const other of ['structure-', 'composition-', 'readme-', 'diagram-', 'history-'])
      expect(chunks.filter((name) => name.startsWith(other))).toEqual([]);
  });

  it('runs the structure analysis without loading zod (the contracts are types to the engine)', () => {
    writeFileSync(loadLog, '');
    const { code } = run(
      ['--json', '--only', 'structure', repo.dir],
      ['--import', `data:text/javascript,${encodeURIComponent(register)}`],
    );
    expect(code).toBe(0);
    const loaded = readFileSync(loadLog, 'utf8')
      .split('\n')
      .filter((url) => url.includes('/dist/rota-analyze/'));
    expect(loaded.some((url) => path.basename(url).startsWith('composition-'))).toBe(true);
    // esbuild marks each bundled module with a `// <path>` comment.
    for (const url of loaded)
      expect(readFileSync(fileURLToPath(url), 'utf8')).not.toContain('node_modules/zod/');
  });

  it('rebuilds itself when a source differs from the one it was built from', () => {
    run(['--help']);
    const before = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
      entry: string;
      inputs: Array<[string, number]>;
    };
    // As if src/cli.ts had been edited after the build.
    const stale = {
      ...before,
      inputs: before.inputs.map(([input, mtime]) => [
        input,
        input.endsWith('src/cli.ts') ? 1 : mtime,
      ]),
    };
    writeFileSync(manifestPath, JSON.stringify(stale));
    const { code, stderr, stdout } = run(['--help']);
    expect(code).toBe(0);
    expect(stderr).toContain('bundling the command line tool');
    expect(stdout).toContain('Usage: rota-analyze');
    const after = JSON.parse(readFileSync(manifestPath, 'utf8')) as typeof before;
    expect(after.entry).not.toBe(before.entry);
    expect(run(['--help']).stderr).toBe('');
  });
});
