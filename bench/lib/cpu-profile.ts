import { readFileSync } from 'node:fs';

interface CpuProfile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
  }>;
  samples: number[];
  timeDeltas: number[];
}

/**
 * The heaviest functions of a V8 CPU profile (`node --cpu-prof`) by self time, one line each:
 * milliseconds, share, function and where it is (paths shortened to the package or the file).
 */
export function topFunctions(file: string, count: number): string[] {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const selfMs = new Map<number, number>();
  profile.samples.forEach((id, i) =>
    selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000),
  );
  const byFunction = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const ms = selfMs.get(node.id) ?? 0;
    total += ms;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url
      .replace(/^file:\/\/.*\/node_modules\//, '')
      .replace(/^file:\/\/.*\/packages\//, 'packages/');
    const key = `${(functionName || '(anonymous)').slice(0, 60)}${where ? ` ${where}:${lineNumber + 1}` : ''}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
  }
  return [...byFunction]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(
      ([name, ms]) =>
        `${ms.toFixed(0).padStart(6)} ms ${((100 * ms) / total).toFixed(1).padStart(5)}%  ${name}`,
    );
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
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const selfMs = new Map<number, number>();
  profile.samples.forEach((id, i) =>
    selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000),
  );
  const byCategory = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const ms = selfMs.get(node.id) ?? 0;
    total += ms;
    const key = categoryOf(node.callFrame.functionName, node.callFrame.url);
    byCategory.set(key, (byCategory.get(key) ?? 0) + ms);
  }
  return [...byCategory]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(
      ([name, ms]) =>
        `${ms.toFixed(0).padStart(6)} ms ${((100 * ms) / total).toFixed(1).padStart(5)}%  ${name}`,
    );
}
