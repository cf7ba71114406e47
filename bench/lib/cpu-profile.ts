import { readFileSync } from 'node:fs';

interface CpuProfile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
  }>;
  samples: number[];
  timeDeltas: number[];
}

type ProfileNode = CpuProfile['nodes'][number];

/**
 * Self time of a V8 CPU profile (`node --cpu-prof`) summed by `keyOf`, heaviest first, one line
 * each: milliseconds, share of the whole profile, key.
 */
function heaviest(file: string, count: number, keyOf: (node: ProfileNode) => string): string[] {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const selfMs = new Map<number, number>();
  profile.samples.forEach((id, i) =>
    selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000),
  );
  const byKey = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const ms = selfMs.get(node.id) ?? 0;
    total += ms;
    const key = keyOf(node);
    byKey.set(key, (byKey.get(key) ?? 0) + ms);
  }
  return [...byKey]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(
      ([name, ms]) =>
        `${ms.toFixed(0).padStart(6)} ms ${((100 * ms) / total).toFixed(1).padStart(5)}%  ${name}`,
    );
}

/** The heaviest functions by self time, with where they are (paths shortened to the package or file). */
export function topFunctions(file: string, count: number): string[] {
  return heaviest(file, count, ({ callFrame: { functionName, url, lineNumber } }) => {
    const where = url
      .replace(/^file:\/\/.*\/node_modules\//, '')
      .replace(/^file:\/\/.*\/packages\//, 'packages/');
    return `${(functionName || '(anonymous)').slice(0, 60)}${where ? ` ${where}:${lineNumber + 1}` : ''}`;
  });
}

/** Where a profile node's code lives: a package, the server's own modules, Node, or V8 itself. */
function categoryOf(functionName: string, url: string): string {
  if (url.startsWith('wasm://')) return 'PGlite WASM (PostgreSQL itself)';
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (inPackage) return inPackage[1]!;
  const ours = /\/(apps\/[^/]+\/src\/(?:modules\/[^/]+|[^/]+))/.exec(url);
  if (ours) return ours[1]!;
  if (url.startsWith('node:') || url === '') return `node / V8 ${url ? '' : functionName}`.trim();
  return url.replace(/^file:\/\/.*?\/(apps|packages|bench)\//, '$1/');
}

/** Self time by package or module, heaviest first: which layer the CPU goes to. */
export function topCategories(file: string, count: number): string[] {
  return heaviest(file, count, ({ callFrame }) =>
    categoryOf(callFrame.functionName, callFrame.url),
  );
}
