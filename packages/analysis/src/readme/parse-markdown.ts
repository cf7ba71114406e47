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

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const parser = (async () => {
  const { unified } = await import(workerData.unified);
  const { default: remarkParse } = await import(workerData.remarkParse);
  const { default: remarkGfm } = await import(workerData.remarkGfm);
  return unified().use(remarkParse).use(remarkGfm);
})();
parentPort.on('message', async ({ id, text }) => {
  try {
    parentPort.postMessage({ id, tree: (await parser).parse(text) });
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
  const started = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      unified: moduleUrl('unified'),
      remarkParse: moduleUrl('remark-parse'),
      remarkGfm: moduleUrl('remark-gfm'),
    },
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
  return new Promise<Root | null>((resolve) => {
    const finish = (tree: Root | null, healthy: boolean) => {
      clearTimeout(timer);
      current.off('message', onMessage);
      current.off('error', onFailure);
      current.off('exit', onFailure);
      if (!healthy && worker === current) stopWorker();
      resolve(tree);
    };
    const onMessage = (message: { id: number; tree?: Root }) => {
      if (message.id === id) finish(message.tree ?? null, true);
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

/** The GFM syntax tree, or null when parsing failed, ran out of memory or took over `timeoutMs`. */
export function parseMarkdownIsolated(
  text: string,
  timeoutMs = defaultParseTimeoutMs(Buffer.byteLength(text)),
): Promise<Root | null> {
  const result = queue.then(() => parseOnce(text, timeoutMs));
  queue = result.catch(() => null);
  return result;
}
