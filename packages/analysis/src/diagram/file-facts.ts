import type { FileStat } from '../snapshot/file-stat.js';
import { basename, extname } from '../facts/paths.js';
import { type RepoIndex } from './scan/repo-index.js';
import { isThirdPartyPath } from '../facts/third-party.js';

/** A file that belongs in a component, with what we know of it. */
export interface FileFact {
  path: string;
  language: string | null;
  /** Code lines from the structure analysis; null when it was not given. */
  code: number | null;
}

/**
 * Without the structure analysis, a small extension table (Linguist's names) decides which files
 * are source code; the diagram only needs "is this code, and which language", not Linguist's full
 * heuristics.
 */
const LANGUAGE_BY_EXTENSION: Record<string, string> = {
  '.ts': 'TypeScript',
  '.mts': 'TypeScript',
  '.cts': 'TypeScript',
  '.tsx': 'TSX',
  '.js': 'JavaScript',
  '.mjs': 'JavaScript',
  '.cjs': 'JavaScript',
  '.jsx': 'JavaScript',
  '.vue': 'Vue',
  '.svelte': 'Svelte',
  '.astro': 'Astro',
  '.py': 'Python',
  '.pyi': 'Python',
  '.go': 'Go',
  '.java': 'Java',
  '.kt': 'Kotlin',
  '.kts': 'Kotlin',
  '.scala': 'Scala',
  '.groovy': 'Groovy',
  '.cs': 'C#',
  '.fs': 'F#',
  '.vb': 'Visual Basic .NET',
  '.rs': 'Rust',
  '.php': 'PHP',
  '.rb': 'Ruby',
  '.c': 'C',
  '.h': 'C',
  '.cc': 'C++',
  '.cpp': 'C++',
  '.cxx': 'C++',
  '.hpp': 'C++',
  '.hh': 'C++',
  '.m': 'Objective-C',
  '.mm': 'Objective-C++',
  '.swift': 'Swift',
  '.dart': 'Dart',
  '.ex': 'Elixir',
  '.exs': 'Elixir',
  '.erl': 'Erlang',
  '.hs': 'Haskell',
  '.clj': 'Clojure',
  '.lua': 'Lua',
  '.pl': 'Perl',
  '.pm': 'Perl',
  '.r': 'R',
  '.jl': 'Julia',
  '.sh': 'Shell',
  '.bash': 'Shell',
  '.zsh': 'Shell',
  '.ps1': 'PowerShell',
  '.sql': 'SQL',
  '.tf': 'HCL',
  '.hcl': 'HCL',
  '.zig': 'Zig',
  '.nim': 'Nim',
  '.ml': 'OCaml',
  '.elm': 'Elm',
  '.css': 'CSS',
  '.scss': 'SCSS',
  '.less': 'Less',
  '.html': 'HTML',
};
const LANGUAGE_BY_NAME: Record<string, string> = {
  Dockerfile: 'Dockerfile',
  Rakefile: 'Ruby',
  Gemfile: 'Ruby',
};

/** Which files the components are made of: source code, never vendored, generated or docs. */
export function selectComponentFiles(
  index: RepoIndex,
  fileStats: readonly FileStat[] | undefined,
): FileFact[] {
  if (fileStats) {
    return fileStats
      .filter((s) => index.has(s.path))
      .filter((s) => s.category === 'code' || (s.category === 'data' && extname(s.path) === '.sql'))
      .map((s) => ({ path: s.path, language: s.language, code: s.code }))
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }
  const out: FileFact[] = [];
  for (const path of index.files) {
    if (isThirdPartyPath(path)) continue;
    const language =
      LANGUAGE_BY_EXTENSION[extname(path)] ?? LANGUAGE_BY_NAME[basename(path)] ?? null;
    if (language) out.push({ path, language, code: null });
  }
  return out;
}
