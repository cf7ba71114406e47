import { Writable } from 'node:stream';
import { createLogger, type Logger } from '../lib/logging.js';

export interface LogLine {
  level: number;
  msg: string;
  component?: string;
  err?: { type: string; message: string; stack: string; code?: string };
  [key: string]: unknown;
}

/** A logger at `level` whose lines (pino's JSON, parsed) are kept for a test to read. */
export function capturedLogger(level = 'debug'): { logger: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return { logger: createLogger(level, destination), lines };
}

/** Resolves once `found` holds, polling; fails the test after `timeoutMs`. */
export async function eventually(found: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!found()) {
    if (Date.now() > deadline) throw new Error(`not seen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
