import { parsePatch, type PatchLine } from './hunks.js';
import { baseName } from './paths.js';

/**
 * Whether a manifest's patch touches its dependencies, not its version, scripts or metadata. A
 * hunk shows a few lines of context, so the section a changed line sits in is read from the nearest
 * section opener above it in the hunk; when none is visible, the line's own shape decides.
 */

const JSON_DEPENDENCY_SECTIONS = new Set([
  'dependencies',
  'devDependencies',
  'peerDependencies',
  'optionalDependencies',
  'bundleDependencies',
  'bundledDependencies',
  'overrides',
  'resolutions',
  'require',
  'require-dev',
]);
const JSON_SECTION_OPEN = /^\s*"([^"]+)"\s*:\s*[{[]/;
/** A version range, tag or source: `^1.2.0`, `~1`, `>=2 <3`, `workspace:*`, `npm:x@1`, `github:a/b`. */
const VERSION_VALUE =
  /^\s*"[^"]+"\s*:\s*"(?:[\^~<>=*]|\d|v\d|workspace:|npm:|file:|link:|git|github:|https?:|latest|next)/;
const JSON_NOT_DEPENDENCY_KEYS = /^\s*"(version|node|npm|name|packageManager)"\s*:/;

function indent(text: string): number {
  return text.length - text.trimStart().length;
}

function jsonDependencyChange(lines: PatchLine[]): boolean {
  let section: string | null = null;
  let sectionIndent = -1;
  for (const { kind, text } of lines) {
    const open = JSON_SECTION_OPEN.exec(text);
    if (open) {
      section = open[1]!;
      sectionIndent = indent(text);
      if (kind !== 'context' && JSON_DEPENDENCY_SECTIONS.has(section)) return true;
      continue;
    }
    if (/^\s*[}\]],?\s*$/.test(text)) {
      // The brace closing the section we are in: what follows belongs to the next key.
      if (indent(text) === sectionIndent) section = null;
      continue;
    }
    if (kind === 'context' || !text.trim()) continue;
    if (section !== null) {
      if (JSON_DEPENDENCY_SECTIONS.has(section)) return true;
    } else if (VERSION_VALUE.test(text) && !JSON_NOT_DEPENDENCY_KEYS.test(text)) {
      return true;
    }
  }
  return false;
}

const TOML_TABLE = /^\s*\[\[?([^\]]+)\]\]?\s*$/;
const TOML_DEPENDENCY_TABLE =
  /(^|\.)(dependencies|dev-dependencies|build-dependencies|optional-dependencies|dependency-groups)(\.|$)|^dependency-groups$/;
const TOML_ARRAY_OPEN = /^\s*(dependencies|requires|[\w-]+)\s*=\s*\[/;
/** With no table header in sight: `serde = "1.0"`, `tokio = { … }`, `requests = "^2.31"`. */
const TOML_KEY_VALUE = /^\s*([\w.-]+)\s*=\s*(\{|"\s*[\^~=<>!*]*\s*\d)/;
const TOML_NOT_DEPENDENCY_KEYS = new Set([
  'version',
  'name',
  'edition',
  'rust-version',
  'requires-python',
  'description',
  'license',
  'readme',
  'authors',
  'repository',
  'homepage',
]);

function tomlDependencyChange(lines: PatchLine[]): boolean {
  let table: string | null = null;
  let inDependencyArray = false;
  for (const { kind, text } of lines) {
    const header = TOML_TABLE.exec(text);
    if (header) {
      table = header[1]!.trim();
      inDependencyArray = false;
      if (kind !== 'context' && TOML_DEPENDENCY_TABLE.test(table)) return true;
      continue;
    }
    const array = TOML_ARRAY_OPEN.exec(text);
    if (array && array[1] === 'dependencies') {
      inDependencyArray = !text.includes(']');
      if (kind !== 'context') return true;
      continue;
    }
    if (inDependencyArray && /^\s*\]/.test(text)) {
      inDependencyArray = false;
      if (kind !== 'context') return true;
      continue;
    }
    if (kind === 'context' || !text.trim() || text.trim().startsWith('#')) continue;
    if (inDependencyArray) return true;
    if (table !== null) {
      if (TOML_DEPENDENCY_TABLE.test(table)) return true;
      continue;
    }
    const pair = TOML_KEY_VALUE.exec(text);
    if (pair && !TOML_NOT_DEPENDENCY_KEYS.has(pair[1]!)) return true;
  }
  return false;
}

/** go.mod: a `require`/`replace` line or a module path with a version inside their blocks. */
function goModDependencyChange(lines: PatchLine[]): boolean {
  return lines.some(
    ({ kind, text }) =>
      kind !== 'context' &&
      (/^\s*(require|replace|exclude)\b/.test(text) || /^\s+[\w.-]+\.[\w./-]+\s+v\d/.test(text)),
  );
}

/** Gemfile: a `gem` line, or a `source`/`gemspec` line that changes where gems come from. */
function gemfileDependencyChange(lines: PatchLine[]): boolean {
  return lines.some(
    ({ kind, text }) => kind !== 'context' && /^\s*(gem|gemspec|source)\b/.test(text),
  );
}

/** True when the manifest's dependencies changed; unknown when GitHub sent no patch. */
export function dependenciesChanged(path: string, patch: string | undefined): boolean | 'unknown' {
  if (patch === undefined) return 'unknown';
  const lines = parsePatch(patch);
  switch (baseName(path)) {
    case 'package.json':
    case 'composer.json':
      return jsonDependencyChange(lines);
    case 'Cargo.toml':
    case 'pyproject.toml':
      return tomlDependencyChange(lines);
    case 'go.mod':
      return goModDependencyChange(lines);
    case 'Gemfile':
      return gemfileDependencyChange(lines);
    default:
      return false;
  }
}
