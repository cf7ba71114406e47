#!/usr/bin/env node
// The server's module graph: which module of apps/server/src/modules imports which, through
// which files. Prints the modules, their dependencies (with the import count), the cycles between
// modules and every import that reaches past a module's public face (its index.ts).
//
//   node scripts/module-graph.mjs           print the graph
//   node scripts/module-graph.mjs --check   exit 1 when modules form a cycle or a face is bypassed
//   node scripts/module-graph.mjs --json    the graph as JSON
//
// `import/no-cycle` cannot see a cycle of folders (a → b in one file, b → a in another), and the
// lint zones see one import at a time; this sees the whole graph. Type-only imports count: they
// couple modules as much as any other.
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverSrc = path.join(root, 'apps/server/src');
const modulesDir = path.join(serverSrc, 'modules');

/** Every .ts file under `dir`, recursively. */
function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** A relative specifier to the file it names (`./x.js` → `x.ts`, `./dir` → `dir/index.ts`). */
function resolveSpecifier(fromFile, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [
    base.replace(/\.js$/, '.ts'),
    base,
    `${base}.ts`,
    path.join(base, 'index.ts'),
  ];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile());
}

/** The module a file belongs to, or undefined outside `modules/`. */
function moduleOf(file) {
  const relative = path.relative(modulesDir, file);
  if (relative.startsWith('..')) return undefined;
  const [name, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? name : undefined;
}

/** Whether `file` is the public face of its module. */
function isPublicFace(file) {
  const mod = moduleOf(file);
  return mod !== undefined && file === path.join(modulesDir, mod, 'index.ts');
}

/** Strongly connected components with more than one module (Tarjan). */
export function moduleCycles(edges) {
  const nodes = [...new Set([...edges.keys(), ...[...edges.values()].flatMap((s) => [...s])])];
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of edges.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node), index.get(to)));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const node of nodes.sort()) if (!index.has(node)) visit(node);
  return cycles;
}

/** The graph of the server's modules, read from the source files. */
export function readModuleGraph({ includeTests = false } = {}) {
  const modules = readdirSync(modulesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  /** `from → to → import count` */
  const counts = new Map(modules.map((name) => [name, new Map()]));
  /** Imports of a module's inner files from outside that module. */
  const bypasses = [];
  for (const file of sourceFiles(serverSrc)) {
    if (!includeTests && /\.test\.ts$/.test(file)) continue;
    const from = moduleOf(file);
    const text = readFileSync(file, 'utf8');
    const { importedFiles } = ts.preProcessFile(text, true, true);
    for (const { fileName } of importedFiles) {
      const target = resolveSpecifier(file, fileName);
      if (!target) continue;
      const to = moduleOf(target);
      if (to === undefined || to === from) continue;
      if (from !== undefined) {
        const row = counts.get(from);
        row.set(to, (row.get(to) ?? 0) + 1);
      }
      if (!isPublicFace(target)) {
        bypasses.push({
          file: path.relative(root, file),
          imports: path.relative(root, target),
        });
      }
    }
  }
  const edges = new Map([...counts].map(([from, row]) => [from, new Set([...row.keys()])]));
  return { modules, counts, edges, cycles: moduleCycles(edges), bypasses };
}

function main() {
  const args = new Set(process.argv.slice(2));
  const graph = readModuleGraph({ includeTests: true });
  const production = readModuleGraph();
  const dependencies = [...production.counts.values()].reduce((n, row) => n + row.size, 0);
  const imports = [...production.counts.values()].reduce(
    (n, row) => n + [...row.values()].reduce((a, b) => a + b, 0),
    0,
  );
  if (args.has('--json')) {
    console.log(
      JSON.stringify(
        {
          modules: production.modules,
          dependencies: Object.fromEntries(
            [...production.counts].map(([from, row]) => [from, Object.fromEntries(row)]),
          ),
          cycles: production.cycles,
          bypasses: graph.bypasses,
        },
        null,
        2,
      ),
    );
  } else if (!args.has('--check')) {
    console.log(
      `${production.modules.length} modules, ${dependencies} module-to-module dependencies made of ${imports} imports (tests left out)`,
    );
    for (const [from, row] of production.counts) {
      const list = [...row].sort(([a], [b]) => a.localeCompare(b));
      console.log(`  ${from} → ${list.map(([to, n]) => `${to} (${n})`).join(', ') || '—'}`);
    }
    console.log(`cycles: ${production.cycles.length}`);
    for (const cycle of production.cycles) console.log(`  ${cycle.join(' ↔ ')}`);
    console.log(`imports past a module's index.ts (tests included): ${graph.bypasses.length}`);
  }
  const failures = [
    ...graph.cycles.map((cycle) => `modules form a cycle: ${cycle.join(' ↔ ')}`),
    ...graph.bypasses.map(
      (bypass) =>
        `${bypass.file} imports ${bypass.imports}: import the module's index.ts (its public face)`,
    ),
  ];
  if (args.has('--check') && failures.length > 0) {
    for (const failure of failures) console.error(failure);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
