import { afterAll, describe, expect, it } from 'vitest';
import { createRepo } from '../testing/repo-builder.js';
import { main } from './main.js';

const repo = createRepo();
repo
  .write('README.md', '# Demo\n\nA demo repository.\n')
  .write('package.json', JSON.stringify({ name: 'demo', dependencies: { express: '^4.0.0' } }))
  .write('src/index.ts', "import { util } from './util';\nconsole.log(util);\n")
  .write('src/util.ts', 'export const util = 1;\n');
repo.commit('first', { date: new Date().toISOString() });
repo.git('branch', 'feature');
afterAll(() => repo.remove());

async function run(argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    interactive: false,
  });
  return { code, stdout, stderr };
}

describe('rota-analyze', () => {
  it('prints a report of every analysis', async () => {
    const { code, stdout } = await run([repo.dir]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/Structure of [0-9a-f]{12}: 4 files/);
    expect(stdout).toMatch(/TypeScript\s+2\s+\d+\s+\d+\.\d%\s+\d+\.\d%/);
    expect(stdout).not.toMatch(/\d{4,}\.\d%/);
    expect(stdout).toMatch(/Branches: 2 \(default main\)/);
    expect(stdout).toMatch(/README: README.md — score \d+\/100/);
    expect(stdout).toMatch(/Diagram: \d+ nodes/);
    expect(stdout).toMatch(/History .*: 1 commits/);
  });

  it('prints JSON for the chosen analyses only', async () => {
    const { code, stdout } = await run(['--json', '--only', 'branches,readme', repo.dir]);
    expect(code).toBe(0);
    const parsed = JSON.parse(stdout);
    expect(Object.keys(parsed).sort()).toEqual(['branches', 'readme']);
    expect(parsed.branches.summary.total).toBe(2);
  });

  it.each([
    [['/nonexistent/repo'], 1, 'is not a directory'],
    [['--ref', 'no-such-ref', repo.dir], 1, 'unknown ref: no-such-ref'],
    [['--only', 'nope', repo.dir], 2, 'unknown analysis: nope'],
    [[], 2, 'name the repository to analyse'],
  ])('%j exits %i saying what is wrong', async (argv, exitCode, message) => {
    const { code, stderr } = await run(argv);
    expect(code).toBe(exitCode);
    expect(stderr).toContain(message);
  });
});
