import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Real git repositories for tests, built with the git binary in a temp directory. Commits get fixed
 * author data and dates unless told otherwise, so results are reproducible.
 */
export interface RepoBuilder {
  dir: string;
  git(...args: string[]): string;
  write(file: string, content: string | Buffer): RepoBuilder;
  symlink(target: string, file: string): RepoBuilder;
  /** Stages everything (unless `stageAll: false`, to keep hand-made index entries) and commits. */
  commit(
    message: string,
    options?: { date?: string; author?: string; email?: string; stageAll?: boolean },
  ): string;
  remove(): void;
}

const BASE_ENV = {
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  HOME: '/nonexistent',
  LC_ALL: 'C',
};

export function createRepo(options: { bare?: boolean; initialBranch?: string } = {}): RepoBuilder {
  const dir = mkdtempSync(path.join(tmpdir(), 'rota-analysis-'));
  const run = (args: string[], env: Record<string, string> = {}) =>
    execFileSync('git', args, {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', ...BASE_ENV, ...env },
      maxBuffer: 1024 * 1024 * 1024,
    }).toString('utf8');
  run([
    'init',
    '-q',
    `--initial-branch=${options.initialBranch ?? 'main'}`,
    ...(options.bare ? ['--bare'] : []),
  ]);
  run(['config', 'user.name', 'Test Author']);
  run(['config', 'user.email', 'author@example.com']);
  run(['config', 'commit.gpgsign', 'false']);
  const builder: RepoBuilder = {
    dir,
    git: (...args) => run(args),
    write(file, content) {
      const full = path.join(dir, file);
      mkdirSync(path.dirname(full), { recursive: true });
      writeFileSync(full, content);
      return builder;
    },
    symlink(target, file) {
      const full = path.join(dir, file);
      mkdirSync(path.dirname(full), { recursive: true });
      symlinkSync(target, full);
      return builder;
    },
    commit(message, commitOptions = {}) {
      const date = commitOptions.date ?? '2026-01-01T12:00:00Z';
      const env = {
        GIT_AUTHOR_DATE: date,
        GIT_COMMITTER_DATE: date,
        GIT_AUTHOR_NAME: commitOptions.author ?? 'Test Author',
        GIT_AUTHOR_EMAIL: commitOptions.email ?? 'author@example.com',
        GIT_COMMITTER_NAME: commitOptions.author ?? 'Test Author',
        GIT_COMMITTER_EMAIL: commitOptions.email ?? 'author@example.com',
      };
      if (commitOptions.stageAll !== false) run(['add', '-A'], env);
      run(['commit', '-q', '--allow-empty', '--no-verify', '-m', message], env);
      return run(['rev-parse', 'HEAD']).trim();
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
  return builder;
}
