import type { FastifyRequest } from 'fastify';
import {
  pino,
  stdSerializers,
  type BaseLogger,
  type Bindings,
  type DestinationStream,
  type Logger as PinoLogger,
  type LoggerOptions,
} from 'pino';

const REDACTED = '[redacted]';

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** A URL as logged: the path, and the query's parameter names without their values. */
export function urlWithoutQueryValues(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const names = url
    .slice(mark + 1)
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => `${pair.split('=')[0]}=${REDACTED}`);
  return `${url.slice(0, mark)}?${names.join('&')}`;
}

function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: urlWithoutQueryValues(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Properties of database errors that carry the values of a query (Drizzle's params, pg's detail). */
const VALUE_KEYS = new Set(['params', 'parameters', 'detail']);

/**
 * Properties some libraries hang on their errors that are not about the error: pg attaches the
 * whole connection (`client`: its parameters, prepared statements, socket state) to an idle
 * connection's failure, hundreds of lines per log line.
 */
const BAGGAGE_KEYS = new Set(['client']);

/**
 * pino's error serializer, minus the values of failed queries. Drizzle's error puts them in
 * `params` and in its message (`Failed query: …\nparams: a@b.c,$argon2id$…`), which pino also
 * copies into `stack`; PostgreSQL's `detail` can repeat a whole row ("Failing row contains …").
 */
export function serializeError(error: Error): SerializedError {
  const serialized = stdSerializers.err(error) as SerializedError;
  const paramTexts: string[] = [];
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const params = (current as { params?: unknown }).params;
    if (Array.isArray(params)) paramTexts.push(`\nparams: ${String(params)}`);
  }
  const scrub = (text: string): string => {
    let result = text;
    for (const params of paramTexts) result = result.split(params).join(`\nparams: ${REDACTED}`);
    // Any other "params:" line (another driver, another format) goes too.
    return result.replace(/\nparams: (?!\[redacted\]).*/g, `\nparams: ${REDACTED}`);
  };
  if (typeof serialized.message === 'string') serialized.message = scrub(serialized.message);
  if (typeof serialized.stack === 'string') serialized.stack = scrub(serialized.stack);
  for (const key of Object.keys(serialized)) if (VALUE_KEYS.has(key)) serialized[key] = REDACTED;
  for (const key of BAGGAGE_KEYS) delete serialized[key];
  return serialized;
}

/** Secrets never reach the logs, whatever a future serializer decides to include. */
const REDACT = {
  paths: [
    'req.headers.authorization',
    'req.headers.cookie',
    'res.headers["set-cookie"]',
    '*.password',
    '*.refreshToken',
    '*.token',
  ],
  censor: REDACTED,
};

/** The server's pino options: secrets, query values and database parameters never reach a log line. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    serializers: { req: serializeRequest, err: serializeError },
    redact: REDACT,
  };
}

/**
 * What the parts of the server that are not routes (queues, the mirror store, the database pool)
 * log through: Fastify's `app.log` or any pino logger, usually a child naming the part.
 */
export interface Logger extends Pick<BaseLogger, 'fatal' | 'error' | 'warn' | 'info' | 'debug'> {
  child(bindings: Bindings): Logger;
}

/** A pino logger with the server's serializers and redaction, writing to `destination`. */
export function createLogger(level: string, destination: DestinationStream): Logger {
  return pino({ level, serializers: { err: serializeError }, redact: REDACT }, destination);
}

let stderr: Logger | undefined;

/**
 * The logger of a part built without one (tools, tests, a process that passes none): warnings and
 * worse as JSON lines on stderr, so a dropped error is never silent.
 */
export function stderrLogger(): Logger {
  stderr ??= createLogger('warn', pino.destination({ dest: 2, sync: true }));
  return stderr;
}

/**
 * The one logger of a process, shared by its HTTP server, its jobs and its services: `false` is
 * silent (tests that do not read logs); options may carry the `stream` to write to (tests that do).
 */
export function processLogger(
  setting: false | (LoggerOptions & { stream?: DestinationStream }),
): PinoLogger {
  if (setting === false) return pino({ level: 'silent' });
  const { stream, ...options } = setting;
  return stream ? pino(options, stream) : pino(options);
}
