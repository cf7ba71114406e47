import { heuristicFor, runHeuristic } from './heuristics.js';
import {
  languageInfo,
  languagesForExtension,
  languagesForFilename,
  languagesForInterpreter,
} from './languages.js';

/**
 * Linguist's detection (Linguist.detect): strategies in order, each narrowing the candidates of the
 * one before; the first that leaves exactly one language decides. Ported: Filename, Shebang,
 * Extension (with generic.yml's too-common extensions left to later strategies), XML, Heuristics.
 * Not ported: Modeline (optional in our brief), Manpage, and the Bayesian Classifier — where Linguist
 * would ask the classifier, the candidate whose primary extension this is wins, then Linguist's
 * popular.yml order, then the first by name (deterministic, documented in docs/analysis/structure.md).
 */

// lib/linguist/generic.yml (github-linguist/linguist): extensions too common to trust alone.
const GENERIC_EXTENSIONS = [
  '.1', '.2', '.3', '.4', '.5', '.6', '.7', '.8', '.9', '.action', '.alg', '.app', '.cmp', '.msg',
  '.network', '.pkg', '.resource', '.sol', '.srv', '.stl', '.tag', '.target', '.url',
]; // prettier-ignore

// lib/linguist/popular.yml (github-linguist/linguist), used only to break ties.
const POPULAR = [
  'ActionScript', 'Bash', 'C', 'C#', 'C++', 'CSS', 'Common Lisp', 'Diff', 'Emacs Lisp', 'Erlang',
  'HTML', 'Haskell', 'Java', 'JavaScript', 'Lua', 'Objective-C', 'PHP', 'Perl', 'Python', 'Ruby',
  'SQL', 'Scala', 'Scheme', 'TeX', 'XML',
]; // prettier-ignore

/**
 * Linguist's Shebang.interpreter: the program a `#!` line runs ("/usr/bin/env -S python3.11 -u" →
 * "python3"), including the `exec` trick of sh wrappers. Env options (-S, -i) are skipped too.
 */
export function shebangInterpreter(head: string): string | null {
  if (!head.startsWith('#!')) return null;
  const newline = head.indexOf('\n');
  const line = (newline === -1 ? head : head.slice(0, newline)).slice(2).trim();
  const words = line.split(/\s+/).filter(Boolean);
  const path = words.shift();
  if (!path) return null;
  let script: string | undefined = path.split('/').pop();
  if (script === 'env') {
    while (words[0] && (/^[^\s=]+=\S+$/.test(words[0]) || words[0].startsWith('-'))) words.shift();
    script = words[0];
  }
  if (!script) return null;
  script = script.replace(/\.\d+$/, '');
  if (script === 'sh') {
    const exec = head
      .split('\n', 5)
      .map((l) => /exec (\w+).+\$0.+\$@/.exec(l))
      .find(Boolean);
    if (exec?.[1]) script = exec[1];
  }
  if (script === 'osascript' && /-l\s?/.test(line)) return null;
  return script.split('/').pop() ?? null;
}

function narrow(candidates: string[], found: string[]): string[] {
  return candidates.length ? candidates.filter((name) => found.includes(name)) : found;
}

function tieBreak(candidates: string[], basename: string): string {
  const extension = basename.includes('.')
    ? basename.slice(basename.lastIndexOf('.')).toLowerCase()
    : '';
  const primary = candidates.find((name) => languageInfo(name)?.primaryExtension === extension);
  if (primary) return primary;
  const popular = POPULAR.find((name) => candidates.includes(name));
  return popular ?? [...candidates].sort()[0]!;
}

/**
 * The language of a file from its base name and content (null when the blob was not read because it
 * is too large: then only the name and, for ambiguous extensions, the rules that need no content
 * apply). Content is decoded lazily: most files are decided by their name alone.
 */
export function detectLanguage(basename: string, content: Buffer | null): string | null {
  let candidates: string[] = [];
  // Each strategy: exactly one language decides; several narrow; none leaves the candidates as they are.
  const step = (found: string[]): string | undefined => {
    if (found.length === 1) return found[0];
    if (found.length > 1) candidates = found;
    return undefined;
  };
  const byFilename = step(languagesForFilename(basename));
  if (byFilename) return byFilename;

  // "#!"
  if (content && content[0] === 35 && content[1] === 33) {
    const interpreter = shebangInterpreter(content.toString('utf8', 0, 1024));
    if (interpreter) {
      const byShebang = step(narrow(candidates, languagesForInterpreter(interpreter)));
      if (byShebang) return byShebang;
    }
  }

  const lower = basename.toLowerCase();
  if (!GENERIC_EXTENSIONS.some((extension) => lower.endsWith(extension))) {
    const byExtension = step(narrow(candidates, languagesForExtension(basename)));
    if (byExtension) return byExtension;
  }

  if (candidates.length === 0 && content) {
    const firstLines = content.toString('utf8', 0, 512).split('\n', 2).join('\n');
    if (firstLines.includes('<?xml version=')) return 'XML';
  }

  const heuristic = heuristicFor(basename);
  if (heuristic) {
    const byHeuristic = step(runHeuristic(heuristic, content));
    if (byHeuristic) return byHeuristic;
  }
  return candidates.length ? tieBreak(candidates, basename) : null;
}
