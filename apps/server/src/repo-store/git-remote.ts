import { spawn } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { gitEnvironment } from '@rota/analysis';
import { classifyGitFailure, RepoStoreError } from './errors.js';
import { fsckConfig } from './fsck-policy.js';

export interface RemoteGitOptions {
  /** git directory to run in (a bare mirror). */
  gitDir: string;
  timeoutMs: number;
  /** The mirror may not grow past this while the command runs. */
  maxBytes: number;
  allowFileProtocol: boolean;
  /** Sent as an Authorization header through the environment: never in argv, a URL or a log. */
  token?: string | undefined;
  /** `http.curloptResolve` entries: connect only to the addresses that were checked. */
  pins?: string[] | undefined;
  /** Extra certificate authorities (PEM file) for https hosts. */
  caFile?: string | undefined;
}

/**
 * git for the network side (fetch into a mirror), hardened: no shell, no
 * system/global config, no prompts, hooks pointed at /dev/null, only the https protocol (and file
 * when local repositories are allowed), no submodules, a time limit and a size watchdog.
 */
export async function runRemoteGit(args: string[], options: RemoteGitOptions): Promise<string> {
  const config: Array<[string, string]> = [
    ['protocol.allow', 'never'],
    ['protocol.https.allow', 'always'],
    ['core.hooksPath', '/dev/null'],
    ['fetch.recurseSubmodules', 'false'],
    ['submodule.recurse', 'false'],
    ...fsckConfig(),
    // Redirects are followed (same host only) before git runs: see redirects.ts.
    ['http.followRedirects', 'false'],
  ];
  for (const pin of options.pins ?? []) config.push(['http.curloptResolve', pin]);
  if (options.caFile) config.push(['http.sslCAInfo', options.caFile]);
  if (options.allowFileProtocol) config.push(['protocol.file.allow', 'always']);
  if (options.token) {
    const basic = Buffer.from(`x-access-token:${options.token}`).toString('base64');
    config.push(['http.extraHeader', `Authorization: Basic ${basic}`]);
  }
  const env: NodeJS.ProcessEnv = { ...gitEnvironment(), GIT_CONFIG_COUNT: String(config.length) };
  config.forEach(([key, value], index) => {
    env[`GIT_CONFIG_KEY_${index}`] = key;
    env[`GIT_CONFIG_VALUE_${index}`] = value;
  });
  return new Promise((resolve, reject) => {
    const child = spawn('git', [`--git-dir=${options.gitDir}`, ...args], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let failure: RepoStoreError | undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      if (stdout.length < 1_000_000) stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 64_000) stderr += chunk.toString('utf8');
    });
    const timer = setTimeout(() => {
      failure = new RepoStoreError('REPO_TIMEOUT');
      child.kill('SIGKILL');
    }, options.timeoutMs);
    const watchdog = setInterval(() => {
      void directorySize(options.gitDir).then((size) => {
        if (size > options.maxBytes && !failure) {
          failure = new RepoStoreError('REPO_TOO_LARGE');
          child.kill('SIGKILL');
        }
      });
    }, 500);
    child.on('error', (error) => {
      clearTimeout(timer);
      clearInterval(watchdog);
      reject(new RepoStoreError('REPO_FETCH_FAILED', error.message));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      clearInterval(watchdog);
      if (failure) return reject(failure);
      if (code !== 0) {
        const detail = redact(stderr, options.token);
        const { code: cause, reason } = classifyGitFailure(detail);
        return reject(new RepoStoreError(cause, detail, reason));
      }
      resolve(stdout);
    });
  });
}

function redact(text: string, token: string | undefined): string {
  return (token ? text.replaceAll(token, '[redacted]') : text).trim().slice(0, 2000);
}

/** Bytes under `dir` (files only, symlinks not followed). */
export async function directorySize(dir: string): Promise<number> {
  let total = 0;
  // Counted while git writes: a folder not made yet holds nothing, and a file git removed between
  // the listing and its stat (a temporary pack) is gone, so neither is an error.
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const info = await stat(path.join(entry.parentPath, entry.name)).catch(() => null);
    total += info?.size ?? 0;
  }
  return total;
}
