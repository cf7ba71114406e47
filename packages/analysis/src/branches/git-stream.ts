import { spawn } from 'node:child_process';
import { AnalysisError } from '../errors.js';
import { GIT_HARDENING_ARGS, gitEnvironment } from '../git/run-git.js';

export interface GitStreamOptions {
  /** Byte that ends a record: every yielded buffer ends right after one. */
  separator: '\n' | '\0';
  /** Written to git's stdin (e.g. thousands of tips for `rev-list --stdin`). */
  input?: string;
  timeoutMs?: number;
}

/**
 * git's stdout as buffers cut at record boundaries, for callers that parse bytes synchronously
 * (one await per chunk rather than per record is what keeps 50,000 records cheap). Differs from
 * the shared `streamGitRecords` in two ways the branch and history readers need:
 *   - stdin input: tips go to `rev-list --stdin`, as thousands would overflow the argument list;
 *   - GIT_FLUSH=0: otherwise git flushes stdout after every commit when writing to a pipe (one
 *     write and one reader wake-up per commit), which made rev-list over 50,000 commits ~2x slower
 *     than the same command writing to /dev/null.
 * Same hardening (arguments and environment) as spawnGit.
 */
export async function* streamGitChunks(
  gitDir: string,
  args: string[],
  options: GitStreamOptions,
): AsyncGenerator<Buffer> {
  const child = spawn('git', [...GIT_HARDENING_ARGS, `--git-dir=${gitDir}`, ...args], {
    env: { ...gitEnvironment(), GIT_FLUSH: '0' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    if (stderr.length < 16_384) stderr += chunk.toString('utf8');
  });
  // git may exit (and close stdin) before reading everything when it fails; that is reported
  // through the exit code below, not as an unhandled EPIPE.
  child.stdin.on('error', () => undefined);
  child.stdin.end(options.input ?? '');
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, options.timeoutMs ?? 600_000);
  const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
  const spawnFailure = new Promise<never>((_, reject) =>
    child.on('error', (error) =>
      reject(new AnalysisError('GIT_FAILED', 'git could not be started', error.message)),
    ),
  );
  spawnFailure.catch(() => undefined);
  const separator = options.separator.charCodeAt(0);
  // The subcommand, for messages: global options (-c key=value, -C dir) may come first.
  const command = args.find((arg) => /^[a-z][a-z-]*$/.test(arg)) ?? 'command';
  let pending: Buffer = Buffer.alloc(0);
  try {
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
      const buffer = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      const end = buffer.lastIndexOf(separator) + 1;
      if (end > 0) yield buffer.subarray(0, end);
      pending = buffer.subarray(end);
    }
    if (pending.length) yield Buffer.concat([pending, Buffer.from([separator])]);
    const code = await Promise.race([closed, spawnFailure]);
    if (timedOut) throw new AnalysisError('GIT_TIMEOUT', `git ${command} timed out`);
    if (code !== 0) throw new AnalysisError('GIT_FAILED', `git ${command} failed`, stderr.trim());
  } finally {
    clearTimeout(timer);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}
