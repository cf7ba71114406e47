import { DISAMBIGUATIONS_A_F } from './rules/heuristics-a-f.js';
import { DISAMBIGUATIONS_G_O } from './rules/heuristics-g-o.js';
import { NAMED_PATTERNS } from './rules/heuristics-named.js';
import { DISAMBIGUATIONS_P_S } from './rules/heuristics-p-s.js';
import { DISAMBIGUATIONS_T_Z } from './rules/heuristics-t-z.js';
import type { Disambiguation, HeuristicTest } from './rules/heuristic-types.js';

/**
 * Linguist's content heuristics (lib/linguist/heuristics.rb over heuristics.yml): for a file whose
 * name ends with one of an entry's extensions, the rules are tried in order against the first 50 KiB
 * and the first rule that matches names the language(s); no match means "no opinion".
 *
 * The rule data in ./rules/ was converted from Linguist's Ruby (Onigmo) patterns once, by these rules:
 * `^`/`$` are line anchors in Ruby, so every pattern carries flag m; (?i) and (?im) become flags i
 * and i+s (Ruby's m is JavaScript's s); a scoped (?i:...) becomes flag i when nothing outside it is
 * a letter, else explicit [xX] classes; \A and \z become (?<![\s\S]) and (?![\s\S]); possessive
 * quantifiers (*+, ++) become greedy; named groups become non-capturing and the one \g<name> call is
 * inlined; (?x) patterns lose their layout whitespace and comments; the Onigmo class intersection
 * [\s&&[^\r\n]] becomes [^\S\r\n]. A pattern list is Ruby's Regexp.union: any of them matches.
 */
export const HEURISTICS_CONSIDER_BYTES = 50 * 1024;

/** Linguist's own order (its file is alphabetised); the split into four files keeps it. */
const DISAMBIGUATIONS: Disambiguation[] = [
  ...DISAMBIGUATIONS_A_F,
  ...DISAMBIGUATIONS_G_O,
  ...DISAMBIGUATIONS_P_S,
  ...DISAMBIGUATIONS_T_Z,
];

// Every heuristic extension is a single dotted segment, so "ends with" is a lookup of the last one.
const byExtension = new Map<string, Disambiguation>();
for (const entry of DISAMBIGUATIONS) {
  for (const extension of entry.extensions)
    if (!byExtension.has(extension)) byExtension.set(extension, entry);
}

/** The heuristic entry for this file name (by its last extension, case-insensitive), if any. */
export function heuristicFor(basename: string): Disambiguation | undefined {
  const dot = basename.lastIndexOf('.');
  return dot === -1 ? undefined : byExtension.get(basename.slice(dot).toLowerCase());
}

/**
 * A literal that every match of `pattern` contains, so a blob without it cannot match and need not
 * be decoded (`<TS` for .ts files, most of which are TypeScript). Conservative: only top-level,
 * unquantified ASCII characters of case-sensitive patterns without alternation; null otherwise.
 */
export function requiredLiteral(pattern: RegExp): string | null {
  if (pattern.flags.includes('i') || pattern.source.includes('|')) return null;
  const src = pattern.source;
  let best = '';
  let run = '';
  let depth = 0;
  for (let i = 0; i < src.length; i += 1) {
    const c = src[i]!;
    let literal: string | null = null;
    if (c === '\\') {
      const next = src[(i += 1)] ?? '';
      if (!/[A-Za-z0-9]/.test(next)) literal = next;
    } else if (c === '[') {
      for (i += 1; i < src.length && src[i] !== ']'; i += 1) if (src[i] === '\\') i += 1;
    } else if (c === '{') {
      // A quantifier's bounds ({0,10}) are not text.
      while (i < src.length && src[i] !== '}') i += 1;
    } else if (c === '(') depth += 1;
    else if (c === ')') depth -= 1;
    else if (!'.^$*+?}'.includes(c)) literal = c;
    const next = src[i + 1];
    const quantified = next !== undefined && '*+?{'.includes(next);
    if (depth > 0 || c === ')' || literal === null || quantified || literal.charCodeAt(0) > 127) {
      if (run.length > best.length) best = run;
      run = '';
    } else run += literal;
  }
  if (run.length > best.length) best = run;
  return best.length >= 2 ? best : null;
}

const literals = new Map<RegExp, string | null>();

/** The first 50 KiB of a blob, decoded only if a pattern has to run on it. */
class Probe {
  private text: string | undefined;
  constructor(private readonly window: Buffer) {}

  matches(pattern: RegExp): boolean {
    let literal = literals.get(pattern);
    if (literal === undefined) {
      literal = requiredLiteral(pattern);
      literals.set(pattern, literal);
    }
    if (literal !== null && this.window.indexOf(literal) === -1) return false;
    this.text ??= this.window.toString('utf8');
    return pattern.test(this.text);
  }
}

function matchesAny(patterns: RegExp | RegExp[], probe: Probe): boolean {
  if (!Array.isArray(patterns)) return probe.matches(patterns);
  return patterns.some((pattern) => probe.matches(pattern));
}

function passes(test: HeuristicTest | null, probe: Probe): boolean {
  if (test === null) return true;
  if (typeof test === 'string') {
    const named = NAMED_PATTERNS[test];
    return named !== undefined && matchesAny(named, probe);
  }
  if (test instanceof RegExp || Array.isArray(test)) return matchesAny(test, probe);
  if ('not' in test) return !matchesAny(test.not, probe);
  return test.and.every((part) => passes(part, probe));
}

const EMPTY = Buffer.alloc(0);

/** The languages the first matching rule names, or [] when none matches. `content`: the blob. */
export function runHeuristic(entry: Disambiguation, content: Buffer | null): string[] {
  const probe = new Probe(content ? content.subarray(0, HEURISTICS_CONSIDER_BYTES) : EMPTY);
  for (const rule of entry.rules) {
    if (passes(rule.test, probe))
      return Array.isArray(rule.language) ? rule.language : [rule.language];
  }
  return [];
}
