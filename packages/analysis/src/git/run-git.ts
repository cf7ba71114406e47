import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { AnalysisError } from '../errors.js';

/**
 * Every git call of the engine goes through here: no shell, an argument array, a hardened
 * environment (no system or global config, no prompts, no hooks, no fsmonitor, no pager, C locale)
 * and limits on time and output. Repository content is only ever read, never executed.
 */
export const GIT_HARDENING_ARGS = [
  '-c',
  'core.hooksPath=/dev/null',
  '-c',
  'core.fsmonitor=false',
  '-c',
  'core.quotePath=false',
  '-c',
  'protocol.allow=never',
  '-c',
  'safe.directory=*',
  '--no-pager',
  '--no-replace-objects',
];

export function gitEnvironment(): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: '/nonexistent',
    LC_ALL: 'C',
    LANG: 'C',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_TERMINAL_PROMPT: '0',
    GIT_OPTIONAL_LOCKS: '0',
    GIT_ASKPASS: '/bin/false',
    GIT_ATTR_NOSYSTEM: '1',
    // Without this git flushes after every record when writing to a pipe (~2x slower rev-list).
    GIT_FLUSH: '0',
  };
}

export interface GitOptions {
  /** Milliseconds before the process is killed (GIT_TIMEOUT). */
  timeoutMs?: number;
  /** Bytes of stdout kept before the call fails (OUTPUT_TOO_LARGE). */
  maxBytes?: number;
  /** Exit codes that are answers, not failures (e.g. 1 for "not found"). */
  okExitCodes?: number[];
  input?: string | Buffer;
}

export function spawnGit(gitDir: string, args: string[]): ChildProcessWithoutNullStreams {
  return spawn('git', [...GIT_HARDENING_ARGS, `--git-dir=${gitDir}`, ...args], {
    // Run inside the git directory: from the caller's directory, git would take that as the work
    // tree and read its .mailmap or .gitattributes into someone else's analysis.
    cwd: gitDir,
    env: gitEnvironment(),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

/** Runs git to completion and returns stdout as a Buffer. */
export function runGit(
  gitDir: string,
  args: string[],
  options: GitOptions = {},
): Promise<{ stdout: Buffer; code: number }> {
  const { timeoutMs = 120_000, maxBytes = 512 * 1024 * 1024, okExitCodes = [0] } = options;
  return new Promise((resolve, reject) => {
    const child = spawnGit(gitDir, args);
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let failure: AnalysisError | undefined;
    const timer = setTimeout(() => {
      failure = new AnalysisError('GIT_TIMEOUT', `git ${args[0]} took longer than ${timeoutMs} ms`);
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        failure ??= new AnalysisError(
          'OUTPUT_TOO_LARGE',
          `git ${args[0]} produced more than ${maxBytes} bytes`,
        );
        child.kill('SIGKILL');
        return;
      }
      chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 16_384) stderr += chunk.toString('utf8');
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new AnalysisError('GIT_FAILED', 'git could not be started', error.message));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (failure) return reject(failure);
      if (code === null || !okExitCodes.includes(code)) {
        return reject(new AnalysisError('GIT_FAILED', `git ${args[0]} failed`, stderr.trim()));
      }
      resolve({ stdout: Buffer.concat(chunks), code });
    });
    if (options.input !== undefined) child.stdin.end(options.input);
    else child.stdin.end();
  });
}

/**
 * Streams git's stdout split on `separator` (NUL or newline), so huge outputs (log --numstat over
 * years) are parsed in bounded memory. Rejects like runGit when git fails.
 */
export async function* streamGitRecords(
  gitDir: string,
  args: string[],
  separator: '\0' | '\n',
  options: { timeoutMs?: number } = {},
): AsyncGenerator<string> {
  const child = spawnGit(gitDir, args);
  child.stdin.end();
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    if (stderr.length < 16_384) stderr += chunk.toString('utf8');
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, options.timeoutMs ?? 600_000);
  const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
  const separatorByte = separator.charCodeAt(0);
  let pending: Buffer = Buffer.alloc(0);
  try {
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
      let buffer = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      let start = 0;
      let index: number;
      while ((index = buffer.indexOf(separatorByte, start)) !== -1) {
        yield buffer.toString('utf8', start, index);
        start = index + 1;
      }
      pending = buffer.subarray(start);
      buffer = pending;
    }
    if (pending.length) yield pending.toString('utf8');
    const code = await closed;
    if (timedOut) throw new AnalysisError('GIT_TIMEOUT', `git ${args[0]} timed out`);
    if (code !== 0) throw new AnalysisError('GIT_FAILED', `git ${args[0]} failed`, stderr.trim());
  } finally {
    clearTimeout(timer);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}
