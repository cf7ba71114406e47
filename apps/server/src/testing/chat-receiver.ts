import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One post a chat receiver got. */
export interface ReceivedPost {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

/** An answer the receiver gives: a status, a body and headers; the last one is kept giving. */
export interface ReceiverReply {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

/**
 * A chat webhook receiver on 127.0.0.1 (a real HTTP server): records each post's JSON and answers
 * with the replies it is given in turn (200 "ok" by default), as Slack, Teams and Mattermost do.
 */
export class ChatReceiver {
  readonly posts: ReceivedPost[] = [];
  private replies: ReceiverReply[] = [];
  private server: Server | undefined;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // kept as text: a test sees it was not JSON
        }
        this.posts.push({ path: request.url ?? '', headers: request.headers, body });
        const reply =
          (this.replies.length > 1 ? this.replies.shift() : this.replies[0]) ??
          ({ status: 200, body: 'ok' } as ReceiverReply);
        response.writeHead(reply.status, { 'content-type': 'text/plain', ...reply.headers });
        response.end(reply.body ?? '');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The answers to give from now on, in turn; the last is repeated. */
  answer(...replies: ReceiverReply[]): void {
    this.replies = replies;
  }

  reset(): void {
    this.posts.length = 0;
    this.replies = [];
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }
}
