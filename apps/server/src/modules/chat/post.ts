import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import type { ChatSendOutcome } from '@rota/contracts';

/** What a receiver did with a post. */
export interface ReceiverAnswer {
  outcome: ChatSendOutcome;
  status: number | null;
  detail: string | null;
  /** Retry-After of a 429 or 503, in milliseconds; null without one. */
  retryAfterMs: number | null;
}

/** How much of a receiver's answer is kept to say why it refused. */
const DETAIL_CHARS = 300;

/** Retry-After as seconds or an HTTP date, in milliseconds from `now`. */
export function retryAfterMs(header: string | undefined, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Connects only to the addresses the host policy checked (no second DNS answer is used). */
function pinnedLookup(addresses: string[]): LookupFunction {
  return (_hostname, options, callback) => {
    const entries = addresses.map((address) => ({ address, family: isIP(address) }));
    if ((options as { all?: boolean }).all)
      (callback as (e: null, a: typeof entries) => void)(null, entries);
    else callback(null, entries[0]!.address, entries[0]!.family);
  };
}

/**
 * POSTs `body` as JSON to `url` within `timeoutMs` (connection, answer and body together) and says
 * what the receiver did: 2xx accepted; 429 and 5xx unavailable; any other status rejected
 * (redirects are not followed: a webhook URL that moved must be saved again); no answer unreachable.
 */
export function postJson(
  url: URL,
  body: unknown,
  options: { addresses: string[] | null; timeoutMs: number },
): Promise<ReceiverAnswer> {
  const payload = Buffer.from(JSON.stringify(body), 'utf8');
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer: ReceiverAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'content-length': payload.length,
          'user-agent': 'Rota-Chat',
        },
        ...(options.addresses ? { lookup: pinnedLookup(options.addresses) } : {}),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < DETAIL_CHARS * 4) chunks.push(chunk);
          size += chunk.length;
        });
        const done = () => {
          const text = Buffer.concat(chunks).toString('utf8').trim().slice(0, DETAIL_CHARS);
          const outcome: ChatSendOutcome =
            status >= 200 && status < 300
              ? 'accepted'
              : status === 429 || status >= 500
                ? 'unavailable'
                : 'rejected';
          const header = response.headers['retry-after'];
          finish({
            outcome,
            status,
            detail: text || response.statusMessage || null,
            retryAfterMs:
              outcome === 'unavailable'
                ? retryAfterMs(Array.isArray(header) ? header[0] : header)
                : null,
          });
        };
        response.on('end', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      request.destroy(new Error(`no answer within ${options.timeoutMs / 1000} s`));
    }, options.timeoutMs);
    request.on('error', (error) =>
      finish({ outcome: 'unreachable', status: null, detail: error.message, retryAfterMs: null }),
    );
    request.end(payload);
  });
}
