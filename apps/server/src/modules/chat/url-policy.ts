import type { ChatUrlRefusal } from '@rota/contracts';
import { checkHost, type HostPolicy } from '../../repo-store/host-policy.js';

export interface ChatHostPolicy extends HostPolicy {
  /** ALLOW_PRIVATE_HOSTS: private, loopback and link-local hosts, and http, are allowed. */
  allowPrivateHosts: boolean;
}

export type UrlVerdict =
  | {
      ok: true;
      url: URL;
      /** The checked addresses to connect to; null: resolve freely. */ addresses: string[] | null;
    }
  | { ok: false; refusal: ChatUrlRefusal };

/** The URL as typed, if it is one Rota could ever post to (no host check yet). */
export function parseWebhookUrl(
  raw: string,
  allowPrivateHosts: boolean,
): { ok: true; url: URL } | { ok: false; refusal: ChatUrlRefusal } {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, refusal: 'invalidUrl' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, refusal: 'invalidUrl' };
  if (url.protocol === 'http:' && !allowPrivateHosts)
    return { ok: false, refusal: 'httpsRequired' };
  if (url.username || url.password) return { ok: false, refusal: 'credentialsInUrl' };
  if (!url.hostname) return { ok: false, refusal: 'invalidUrl' };
  return { ok: true, url };
}

/**
 * Whether Rota may post to `raw` now: https to a public host, by the repositories' host policy —
 * every address the host resolves to must be public, and the post is pinned to those addresses
 * (DNS rebinding). Checked when a destination is saved and again before each send, since the
 * host's DNS may have changed since. With ALLOW_PRIVATE_HOSTS any host and http pass.
 */
export async function checkWebhookUrl(raw: string, policy: ChatHostPolicy): Promise<UrlVerdict> {
  const parsed = parseWebhookUrl(raw, policy.allowPrivateHosts);
  if (!parsed.ok) return parsed;
  if (policy.allowPrivateHosts) return { ok: true, url: parsed.url, addresses: null };
  const verdict = await checkHost(parsed.url.host, policy);
  if (verdict.verdict === 'refused') return { ok: false, refusal: verdict.reason };
  if (verdict.verdict === 'unresolvable') return { ok: false, refusal: 'unresolvable' };
  return { ok: true, url: parsed.url, addresses: verdict.addresses };
}

/** What answers show of a webhook URL: scheme, host and the path's last four characters. */
export function maskUrl(raw: string): string {
  const url = new URL(raw);
  const rest = `${url.pathname}${url.search}`;
  const tail = rest.length > 8 ? rest.slice(-4) : '';
  return `${url.protocol}//${url.host}/…${tail}`;
}
