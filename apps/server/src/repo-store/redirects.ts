import { request } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { rootCertificates } from 'node:tls';
import { RepoStoreError } from './errors.js';
import { checkHost, type HostPolicy } from './host-policy.js';

/** What git requests first; a redirect of it moves the whole repository (git's own rule). */
const INFO_REFS = '/info/refs?service=git-upload-pack';
const MAX_REDIRECTS = 5;
const PROBE_TIMEOUT_MS = 15_000;

export interface RedirectProbeOptions extends HostPolicy {
  /** The checked addresses of the URL's host; null lets the system resolve (ALLOW_PRIVATE_HOSTS). */
  addresses: string[] | null;
  token?: string | undefined;
  /** Extra trusted certificate authority (PEM), as given to git's http.sslCAInfo. */
  caPem?: string | undefined;
}

/**
 * git runs with `http.followRedirects=false`: libcurl would otherwise follow a redirect to any host
 * and resolve it anew, past every check. Legitimate moves (a renamed GitHub repository answers 301
 * on the same host) still work because this asks first, on the same pinned addresses, where the
 * repository lives, follows redirects that stay on the checked host (same scheme, host and port),
 * and hands git the final URL. A redirect to another host is refused: with the reason of that
 * host's addresses when they are private, else as a redirect the user should resolve by entering
 * the new address themselves.
 */
export async function followSameHostRedirects(
  url: string,
  options: RedirectProbeOptions,
): Promise<string> {
  let current = url.replace(/\/+$/, '');
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    const location = await probe(`${current}${INFO_REFS}`, options);
    if (!location) return current;
    const next = new URL(location, `${current}${INFO_REFS}`);
    const origin = new URL(current);
    if (next.protocol !== 'https:' || next.host !== origin.host) {
      // Named as private only where private hosts are refused (addresses null: ALLOW_PRIVATE_HOSTS).
      if (next.protocol === 'https:' && options.addresses) {
        const verdict = await checkHost(next.host, options);
        if (verdict.verdict === 'refused')
          throw new RepoStoreError(
            'REPO_HOST_NOT_ALLOWED',
            `redirected to ${next.host} (${verdict.reason} address ${verdict.address})`,
          );
      }
      throw new RepoStoreError('REPO_REDIRECT_NOT_ALLOWED', `redirected to ${next.origin}`);
    }
    const target = `${next.pathname}${next.search}`;
    if (!target.endsWith(INFO_REFS))
      throw new RepoStoreError('REPO_REDIRECT_NOT_ALLOWED', `redirected to ${next.href}`);
    current = `${next.origin}${target.slice(0, -INFO_REFS.length)}`;
  }
  throw new RepoStoreError('REPO_REDIRECT_NOT_ALLOWED', `more than ${MAX_REDIRECTS} redirects`);
}

/** The Location of a redirect answer, or null for anything else (git then reports the rest). */
function probe(url: string, options: RedirectProbeOptions): Promise<string | null> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = { 'user-agent': 'git/2.39 (rota)', accept: '*/*' };
    if (options.token)
      headers.authorization = `Basic ${Buffer.from(`x-access-token:${options.token}`).toString('base64')}`;
    const req = request(url, {
      method: 'GET',
      headers,
      timeout: PROBE_TIMEOUT_MS,
      ...(options.addresses ? { lookup: pinnedLookup(options.addresses) } : {}),
      ...(options.caPem ? { ca: [...rootCertificates, options.caPem] } : {}),
    });
    req.on('response', (response) => {
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      response.destroy();
      resolve(status >= 300 && status < 400 && location ? location : null);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
    req.end();
  });
}

/** A DNS lookup that answers only the addresses already checked: no second resolution. */
function pinnedLookup(addresses: string[]): LookupFunction {
  const entries = addresses.map((address) => ({ address, family: isIP(address) }));
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, entries);
    else callback(null, entries[0]!.address, entries[0]!.family);
  }) as unknown as LookupFunction;
}
