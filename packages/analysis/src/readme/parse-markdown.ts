import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Root } from 'mdast';

/**
 * remark (micromark) is quadratic on some inputs: a few kilobytes of nested list markers or of
 * unmatched `*a*a…` emphasis take tens of seconds, a megabyte would take hours. A README is untrusted
 * input, so it is parsed in a worker thread with a time and memory limit; when the worker is too slow
 * or fails, it is killed and the caller reads the README as plain text. The worker only parses: the
 * syntax tree comes back by structured clone and nothing from the README is executed.
 *
 * Starting a worker and loading remark costs ~100 ms, so one worker is kept for the next README
 * (unref'd, so it never holds the process open, and closed after a while idle).
 */
const require = createRequire(import.meta.url);
const moduleUrl = (name: string) => pathToFileURL(require.resolve(name)).href;

/**
 * The markdown parser itself could not be loaded (its packages are missing from this
 * installation, e.g. a CLI bundle copied away from its node_modules): a fault of the engine, not of
 * the README, so the README analysis fails with it instead of reading the README as plain text
 * and calling it unparsable (which had scored express's README 90 instead of 84, silently).
 */
export class MarkdownParserUnavailable extends Error {
  override name = 'MarkdownParserUnavailable';
}

/** Node's module errors carry a require stack on further lines: the first one says what is missing. */
const firstLine = (error: unknown) => String(error).split('\n')[0];

interface ParserModules {
  unified: string;
  remarkParse: string;
  remarkGfm: string;
}

const installedParser = (): ParserModules => ({
  unified: moduleUrl('unified'),
  remarkParse: moduleUrl('remark-parse'),
  remarkGfm: moduleUrl('remark-gfm'),
});
let parserModules: () => ParserModules = installedParser;

/** Tests only: the parser's module URLs (none: the installed ones). Restarts the worker. */
export function setParserModulesForTesting(modules?: ParserModules): void {
  parserModules = modules ? () => modules : installedParser;
  stopWorker();
}

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const parser = (async () => {
  const { unified } = await import(workerData.unified);
  const { default: remarkParse } = await import(workerData.remarkParse);
  const { default: remarkGfm } = await import(workerData.remarkGfm);
  return unified().use(remarkParse).use(remarkGfm);
})();
// Marked as handled now: a parser that cannot load is answered per request, below.
parser.catch(() => undefined);
parentPort.on('message', async ({ id, text }) => {
  let loaded;
  try {
    loaded = await parser;
  } catch (error) {
    parentPort.postMessage({ id, unavailable: String(error) });
    return;
  }
  try {
    parentPort.postMessage({ id, tree: loaded.parse(text) });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error) });
  }
});
`;

/**
 * The default time limit grows with the README: remark parses ordinary markdown at a few hundred
 * kilobytes a second (slower on a busy machine), while the inputs it chokes on are small.
 */
export function defaultParseTimeoutMs(bytes: number): number {
  return 5_000 + Math.ceil(bytes / 1024) * 20;
}
const IDLE_CLOSE_MS = 30_000;

let worker: Worker | null = null;
let idleTimer: NodeJS.Timeout | undefined;
let nextId = 0;
/** Requests run one at a time, so each one's time limit covers its own parse only. */
let queue: Promise<unknown> = Promise.resolve();

function startWorker(): Worker {
  let modules: ParserModules;
  try {
    modules = parserModules();
  } catch (error) {
    throw new MarkdownParserUnavailable(
      `the markdown parser is not installed: ${firstLine(error)}`,
    );
  }
  const started = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: modules,
    resourceLimits: { maxOldGenerationSizeMb: 512, stackSizeMb: 16 },
    stdout: true,
    stderr: true,
  });
  started.unref();
  // Failures (out of memory, a crash) are answered per request; this listener only keeps an
  // 'error' with no request waiting from becoming an uncaught exception of the whole process.
  started.on('error', () => undefined);
  started.on('exit', () => {
    if (worker === started) worker = null;
  });
  return started;
}

function stopWorker(): void {
  const stopping = worker;
  worker = null;
  void stopping?.terminate();
}

function parseOnce(text: string, timeoutMs: number): Promise<Root | null> {
  clearTimeout(idleTimer);
  const current = (worker ??= startWorker());
  const id = nextId++;
  return new Promise<Root | null>((resolve, reject) => {
    const finish = (tree: Root | null, healthy: boolean, unavailable?: string) => {
      clearTimeout(timer);
      current.off('message', onMessage);
      current.off('error', onFailure);
      current.off('exit', onFailure);
      if (!healthy && worker === current) stopWorker();
      if (unavailable === undefined) resolve(tree);
      else
        reject(
          new MarkdownParserUnavailable(
            `the markdown parser did not load: ${firstLine(unavailable)}`,
          ),
        );
    };
    const onMessage = (message: { id: number; tree?: Root; unavailable?: string }) => {
      if (message.id !== id) return;
      if (message.unavailable !== undefined) finish(null, false, message.unavailable);
      else finish(message.tree ?? null, true);
    };
    const onFailure = () => finish(null, false);
    const timer = setTimeout(onFailure, timeoutMs);
    current.on('message', onMessage);
    current.on('error', onFailure);
    current.on('exit', onFailure);
    current.postMessage({ id, text });
  }).finally(() => {
    idleTimer = setTimeout(stopWorker, IDLE_CLOSE_MS);
    idleTimer.unref();
  });
}

/**
 * The GFM syntax tree, or null when parsing failed, ran out of memory or took over `timeoutMs`.
 * Rejects with MarkdownParserUnavailable when the parser itself cannot be loaded.
 */
export function parseMarkdownIsolated(
  text: string,
  timeoutMs = defaultParseTimeoutMs(Buffer.byteLength(text)),
): Promise<Root | null> {
  const result = queue.then(() => parseOnce(text, timeoutMs));
  queue = result.catch(() => null);
  return result;
}
