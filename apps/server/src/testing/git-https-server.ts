import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A self-signed certificate valid for the test host names and loopback addresses. */
export interface TestCertificate {
  dir: string;
  caFile: string;
  key: Buffer;
  cert: Buffer;
  remove(): void;
}

export function createTestCertificate(
  names = ['repo.test', 'other.test', 'IP:127.0.0.1', 'IP:127.0.0.2'],
): TestCertificate {
  const dir = mkdtempSync(path.join(tmpdir(), 'rota-tls-'));
  const san = names.map((name) => (name.startsWith('IP:') ? name : `DNS:${name}`)).join(',');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
      '-days',
      '1',
      '-subj',
      '/CN=repo.test',
      '-addext',
      `subjectAltName=${san}`,
    ],
    { stdio: 'ignore' },
  );
  return {
    dir,
    caFile: path.join(dir, 'cert.pem'),
    key: readFileSync(path.join(dir, 'key.pem')),
    cert: readFileSync(path.join(dir, 'cert.pem')),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface GitHttpsServer {
  port: number;
  /** Every request path received, in order. */
  requests: string[];
  /** While true, object and pack requests are held open without an answer: a clone that never ends. */
  hang: boolean;
  close(): Promise<void>;
}

/**
 * git's "dumb" HTTP protocol over TLS: static files of bare repositories (after
 * `git update-server-info`), which is all git needs to clone. `repos` maps a URL prefix
 * ("/x.git") to a bare repository; `redirects` maps a prefix to the URL prefix it moved to.
 */
export async function startGitHttpsServer(options: {
  host: string;
  certificate: TestCertificate;
  repos?: Record<string, string>;
  redirects?: Record<string, string>;
}): Promise<GitHttpsServer> {
  const held: Array<() => void> = [];
  const state: GitHttpsServer = {
    port: 0,
    requests: [],
    hang: false,
    close: () =>
      new Promise<void>((resolve) => {
        held.forEach((release) => release());
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer(
    { key: options.certificate.key, cert: options.certificate.cert },
    (request, response) => {
      const url = request.url ?? '/';
      state.requests.push(url);
      for (const [prefix, target] of Object.entries(options.redirects ?? {})) {
        if (url.startsWith(`${prefix}/`)) {
          response.writeHead(301, { location: `${target}${url.slice(prefix.length)}` });
          return response.end();
        }
      }
      const pathname = decodeURIComponent(url.split('?')[0]!);
      const repo = Object.entries(options.repos ?? {}).find(([prefix]) =>
        pathname.startsWith(`${prefix}/`),
      );
      if (!repo || pathname.includes('..')) {
        response.writeHead(404);
        return response.end();
      }
      if (state.hang && pathname.includes('/objects/')) {
        held.push(() => response.destroy());
        return;
      }
      readFile(path.join(repo[1], pathname.slice(repo[0].length))).then(
        (body) => {
          response.writeHead(200);
          response.end(body);
        },
        () => {
          response.writeHead(404);
          response.end();
        },
      );
    },
  );
  await new Promise<void>((resolve) => server.listen(0, options.host, resolve));
  state.port = (server.address() as AddressInfo).port;
  return state;
}

/** A bare copy of `workDir`'s repository that the dumb HTTP protocol can serve. */
export function servableBareRepo(workDir: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'rota-served-'));
  execFileSync('git', ['clone', '-q', '--bare', workDir, dir], { stdio: 'ignore' });
  execFileSync('git', [`--git-dir=${dir}`, 'update-server-info'], { stdio: 'ignore' });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
