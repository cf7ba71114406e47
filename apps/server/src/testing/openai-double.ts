import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for an OpenAI-compatible chat completions server on loopback, held to OpenAI's
 * published API: `POST /v1/chat/completions` with a Bearer key, answers in the `chat.completion`
 * shape (`choices[0].message.content`, `refusal`, `finish_reason`), errors as `{error: {message,
 * type, param, code}}`. Each test says how to answer request n; every request body is recorded.
 */

export const OPENAI_DOUBLE_KEY = 'sk-rota-test-double';

export interface ChatRequestBody {
  model: string;
  messages: Array<{ role: string; content: string }>;
  temperature?: number;
  response_format?: {
    type: string;
    json_schema?: { name: string; strict?: boolean; schema: Record<string, unknown> };
  };
}

export type DoubleReply =
  /** A `chat.completion` whose message content is this text. */
  | { content: string; finishReason?: 'stop' | 'length' }
  /** The model declined: `content` null, `refusal` set (OpenAI's structured-output refusal). */
  | { refusal: string }
  /** An HTTP error in OpenAI's error shape. */
  | { status: number; message: string; headers?: Record<string, string> }
  /** Never answer (until the double closes): the client's timeout must end the wait. */
  | { hang: true };

export interface OpenAiDouble {
  /** What LLM_BASE_URL is set to. */
  baseUrl: string;
  apiKey: string;
  /** Valid request bodies received, in order (rejected ones are not model calls). */
  requests: ChatRequestBody[];
  /** How to answer the n-th valid request (0-based); tests replace it. */
  reply: (body: ChatRequestBody, index: number) => DoubleReply;
  close(): Promise<void>;
}

export async function startOpenAiDouble(): Promise<OpenAiDouble> {
  const double: OpenAiDouble = {
    baseUrl: '',
    apiKey: OPENAI_DOUBLE_KEY,
    requests: [],
    reply: () => ({ content: JSON.stringify({ summary: 'Nothing to report.', findings: [] }) }),
    close: async () => undefined,
  };
  const server = createServer((request, response) => {
    void handle(double, request, response).catch(() => {
      if (!response.headersSent) sendError(response, 500, 'The double failed', 'server_error');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  double.baseUrl = `http://127.0.0.1:${port}/v1`;
  double.close = () =>
    new Promise<void>((resolve) => {
      // Hanging requests hold their sockets open: end them, or close would wait for ever.
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return double;
}

async function handle(double: OpenAiDouble, request: IncomingMessage, response: ServerResponse) {
  if (request.method !== 'POST' || request.url !== '/v1/chat/completions')
    return sendError(
      response,
      404,
      `Unknown request URL: ${request.method} ${request.url}`,
      'invalid_request_error',
    );
  if (request.headers.authorization !== `Bearer ${double.apiKey}`)
    return sendError(
      response,
      401,
      'Incorrect API key provided',
      'invalid_request_error',
      'invalid_api_key',
    );
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  let body: ChatRequestBody;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequestBody;
  } catch {
    return sendError(
      response,
      400,
      'We could not parse the JSON body of your request.',
      'invalid_request_error',
    );
  }
  if (
    typeof body?.model !== 'string' ||
    !Array.isArray(body.messages) ||
    body.messages.length === 0
  )
    return sendError(
      response,
      400,
      "Missing required parameter: 'model' or 'messages'.",
      'invalid_request_error',
    );
  const index = double.requests.push(body) - 1;
  const reply = double.reply(body, index);
  if ('hang' in reply) return;
  if ('status' in reply)
    return sendError(
      response,
      reply.status,
      reply.message,
      reply.status === 429 ? 'rate_limit_exceeded' : 'server_error',
      null,
      reply.headers,
    );
  const refusal = 'refusal' in reply ? reply.refusal : null;
  const content = 'content' in reply ? reply.content : null;
  const finishReason = 'content' in reply ? (reply.finishReason ?? 'stop') : 'stop';
  send(response, 200, {
    id: `chatcmpl-double-${index}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: body.model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, refusal, annotations: [] },
        logprobs: null,
        finish_reason: finishReason,
      },
    ],
    usage: {
      prompt_tokens: Math.ceil(JSON.stringify(body.messages).length / 4),
      completion_tokens: Math.ceil((content ?? refusal ?? '').length / 4),
      total_tokens: 0,
    },
    system_fingerprint: 'fp_rota_double',
  });
}

function sendError(
  response: ServerResponse,
  status: number,
  message: string,
  type: string,
  code: string | null = null,
  headers: Record<string, string> = {},
) {
  send(response, status, { error: { message, type, param: null, code } }, headers);
}

function send(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}
