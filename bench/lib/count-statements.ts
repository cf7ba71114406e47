/**
 * Preloaded into the server under a bench (`node --import tsx --import ./bench/lib/count-statements.ts`)
 * to count the SQL statements it sends, by statement text, on either driver: PGlite's extended-query
 * Parse and simple Query messages (so BEGIN/COMMIT of its transactions count too), and every
 * `pg` client query (node-postgres sends BEGIN/COMMIT through it as well). On SIGUSR2 the counts so
 * far are written as JSON to STATEMENT_COUNTS_FILE; the bench diffs two snapshots around a run.
 * Bench-only: the server itself never loads this.
 */
import { writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

const counts = new Map<string, number>();
const count = (text: string) => {
  // Parameter numbers and literal lists vary; the shape of the statement is what is counted.
  const shape = text
    .replace(/\s+/g, ' ')
    .replace(/\$\d+(, \$\d+)*/g, '$n')
    .trim()
    .slice(0, 160);
  counts.set(shape, (counts.get(shape) ?? 0) + 1);
};

/** The SQL text of a frontend Parse ('P') or Query ('Q') message, else undefined. */
function statementOf(message: Uint8Array): string | undefined {
  const type = message[0];
  if (type !== 0x50 && type !== 0x51) return undefined;
  const decoder = new TextDecoder();
  let at = 5;
  if (type === 0x50) at = message.indexOf(0, at) + 1; // skip the prepared statement's name
  const end = message.indexOf(0, at);
  return decoder.decode(message.subarray(at, end < 0 ? undefined : end));
}

// Every query, exec and transaction statement of PGlite goes through execProtocolStream.
type Exec = (message: Uint8Array, ...rest: unknown[]) => Promise<unknown>;
const proto = PGlite.prototype as unknown as { execProtocolStream: Exec };
const execProtocolStream = proto.execProtocolStream;
proto.execProtocolStream = function (this: unknown, message, ...rest) {
  const text = statementOf(message);
  if (text !== undefined) count(text);
  return execProtocolStream.call(this, message, ...rest);
};

type Query = (...args: unknown[]) => unknown;
const clientProto = pg.Client.prototype as unknown as { query: Query };
const query = clientProto.query;
clientProto.query = function (this: unknown, ...args: unknown[]) {
  const [first] = args;
  const text = typeof first === 'string' ? first : (first as { text?: unknown } | undefined)?.text;
  if (typeof text === 'string') count(text);
  return query.apply(this, args);
};

const file = process.env.STATEMENT_COUNTS_FILE;
if (file)
  process.on('SIGUSR2', () => writeFileSync(file, JSON.stringify(Object.fromEntries(counts))));
