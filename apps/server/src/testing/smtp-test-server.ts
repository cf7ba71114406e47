import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One e-mail as the SMTP server received it, decoded enough for tests to read. */
export interface ReceivedMail {
  raw: string;
  /** Header names lower-cased, values unfolded and RFC 2047-decoded. */
  headers: Record<string, string>;
  messageId: string;
  subject: string;
  to: string;
  html: string;
  text: string;
}

/** How the server answers the end of a message's data: accept (null) or refuse with a code. */
export type SmtpAnswer = { code: number; message: string } | null;

export interface SmtpTestServer {
  /** `smtp://127.0.0.1:{port}` */
  url: string;
  received: ReceivedMail[];
  /** Called for each message in arrival order (0-based); default accepts every one. */
  answer: (index: number) => SmtpAnswer;
  /** Milliseconds to wait before answering each message (makes sends take time). */
  delayMs: number;
  close(): Promise<void>;
}

function decodeWords(value: string): string {
  return value.replace(
    /=\?([^?]+)\?([bBqQ])\?([^?]*)\?=(\s+(?==\?))?/g,
    (_match, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) =>
                String.fromCharCode(parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
  );
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(
        line.slice(colon + 1).trim(),
      );
  }
  return headers;
}

function decodeBody(body: string, encoding: string | undefined): string {
  const kind = (encoding ?? '7bit').toLowerCase();
  if (kind === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (kind === 'quoted-printable')
    return Buffer.from(
      body
        .replace(/=\r\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  return body;
}

/** Splits a message into its parts, recursively; each part's type and decoded body. */
function parts(raw: string): Array<{ type: string; body: string }> {
  const split = raw.indexOf('\r\n\r\n');
  const headers = parseHeaders(raw.slice(0, split));
  const body = raw.slice(split + 4);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary)
    return body
      .split(`--${boundary}`)
      .slice(1, -1)
      .flatMap((part) => parts(part.replace(/^\r\n/, '')));
  return [
    {
      type: type.split(';')[0]!.trim().toLowerCase(),
      body: decodeBody(body, headers['content-transfer-encoding']),
    },
  ];
}

export function parseMail(raw: string): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const headers = parseHeaders(raw.slice(0, split));
  const all = parts(raw);
  return {
    raw,
    headers,
    messageId: headers['message-id'] ?? '',
    subject: headers.subject ?? '',
    to: headers.to ?? '',
    html: all.find((part) => part.type === 'text/html')?.body ?? '',
    text: all.find((part) => part.type === 'text/plain')?.body ?? '',
  };
}

/**
 * A real SMTP server (the `smtp-server` package) on 127.0.0.1 and a random port, for tests: it
 * keeps every message it accepted, and answers as the test says (4xx, 5xx, slowly).
 */
export async function startSmtpTestServer(): Promise<SmtpTestServer> {
  let index = 0;
  const state: SmtpTestServer = {
    url: '',
    received: [],
    answer: () => null,
    delayMs: 0,
    close: async () => undefined,
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const answer = state.answer(index++);
        const finish = () => {
          if (answer) {
            const error = Object.assign(new Error(answer.message), { responseCode: answer.code });
            callback(error);
            return;
          }
          state.received.push(parseMail(Buffer.concat(chunks).toString('utf8')));
          callback();
        };
        if (state.delayMs > 0) setTimeout(finish, state.delayMs);
        else finish();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  state.url = `smtp://127.0.0.1:${port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
