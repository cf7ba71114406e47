import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A real git repository in a temp folder, for tests that clone, fetch or analyse. */
export interface FixtureRepo {
  dir: string;
  git(...args: string[]): string;
  commitFile(file: string, content: string, message?: string): string;
  remove(): void;
}

export function createFixtureRepo(initialBranch = 'main'): FixtureRepo {
  const dir = mkdtempSync(path.join(tmpdir(), 'rota-fixture-'));
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: '/nonexistent',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_AUTHOR_NAME: 'Fixture',
    GIT_AUTHOR_EMAIL: 'fixture@example.com',
    GIT_COMMITTER_NAME: 'Fixture',
    GIT_COMMITTER_EMAIL: 'fixture@example.com',
  };
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, env }).toString('utf8');
  git('init', '-q', `--initial-branch=${initialBranch}`);
  return {
    dir,
    git,
    commitFile(file, content, message = `change ${file}`) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), content);
      git('add', '-A');
      git('commit', '-q', '--no-verify', '-m', message);
      return git('rev-parse', 'HEAD').trim();
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
