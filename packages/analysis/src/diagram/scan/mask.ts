/**
 * Blanks comments and replaces string literals with numbered placeholders, so the import scanners
 * can use plain regular expressions without `// import x` or `"require('y')"` counting as imports.
 * Newlines are kept, so line-anchored patterns (`^import`, `^package`) still work.
 *
 * This is a tokenizer in miniature, not a parser: it knows each language's comment and string
 * forms well enough that an odd construct costs at most one missed or extra import, never a throw.
 */
export interface Syntax {
  /** Line comment openers. */
  line: string[];
  block?: [string, string];
  /** Block comments nest (Rust, Kotlin). */
  nested?: boolean;
  /** Quote characters of single-line strings (an unterminated one ends at the newline). */
  quotes: string;
  /** Quote characters whose strings may span lines (JS/Go backticks). */
  multiline?: string;
  /** Multi-line strings have no escapes (Go raw strings). */
  rawMultiline?: boolean;
  /** `"""`/`'''` strings for these quote characters (Python both, Kotlin/Java/C# `"`). */
  triple?: string;
  /** JS regular expression literals (they may hold quotes). */
  regex?: boolean;
  /** Rust: raw strings `r#"…"#` and char literals that must not be taken for lifetimes. */
  rust?: boolean;
  /** C#: verbatim strings `@"…"` where `""` is the escape. */
  verbatim?: boolean;
  /** Ruby: `=begin`…`=end` comments. */
  rubyBlock?: boolean;
  /** PHP: `#[` starts an attribute, not a comment. */
  hashAttribute?: boolean;
}

export interface Masked {
  code: string;
  strings: string[];
}

/** Matches one placeholder; group 1 is the index into `Masked.strings`. */
export const STR = '\\u0001(\\d+)\\u0001';

const C_LIKE = { line: ['//'], block: ['/*', '*/'] as [string, string] };

export const SYNTAX = {
  js: { ...C_LIKE, quotes: `"'`, multiline: '`', regex: true },
  python: { line: ['#'], quotes: `"'`, triple: `"'` },
  go: { ...C_LIKE, quotes: `"'`, multiline: '`', rawMultiline: true },
  jvm: { ...C_LIKE, nested: true, quotes: `"'`, triple: '"' },
  csharp: { ...C_LIKE, quotes: `"'`, triple: '"', verbatim: true },
  rust: { ...C_LIKE, nested: true, quotes: '"', rust: true },
  php: { line: ['//', '#'], block: ['/*', '*/'], quotes: `"'`, hashAttribute: true },
  ruby: { line: ['#'], quotes: `"'`, rubyBlock: true },
} satisfies Record<string, Syntax>;

const REGEX_BEFORE = new Set('(,=:[!&|?{};+-*%<>~^'.split(''));
const REGEX_KEYWORDS =
  /(?:^|[^\w$])(?:return|typeof|case|do|else|in|of|delete|void|throw|new|yield|await)$/;

export function maskSource(input: string, syntax: Syntax): Masked {
  // \u0001 is our placeholder delimiter; a source file that contains it loses nothing by this.
  const text = input.includes('\u0001') ? input.replaceAll('\u0001', ' ') : input;
  const out: string[] = [];
  const strings: string[] = [];
  const n = text.length;
  let i = 0;
  let copied = 0;
  const flush = (to: number) => {
    if (to > copied) out.push(text.slice(copied, to));
  };
  const blank = (from: number, to: number) => {
    flush(from);
    out.push(' ' + newlinesIn(text, from, to));
    copied = i = to;
  };
  const literal = (from: number, to: number, value: string) => {
    flush(from);
    out.push(`\u0001${strings.length}\u0001${newlinesIn(text, from, to)}`);
    strings.push(value);
    copied = i = to;
  };

  const starters = startersOf(syntax);
  while (i < n) {
    const c = text[i]!;
    if (!starters.has(c)) {
      i++;
      continue;
    }
    if (syntax.line.some((open) => text.startsWith(open, i))) {
      if (!(syntax.hashAttribute && c === '#' && text[i + 1] === '[')) {
        const end = text.indexOf('\n', i);
        blank(i, end < 0 ? n : end);
        continue;
      }
    }
    if (syntax.block && text.startsWith(syntax.block[0], i)) {
      blank(i, blockEnd(text, i, syntax.block, syntax.nested === true));
      continue;
    }
    if (
      syntax.rubyBlock &&
      c === '=' &&
      (i === 0 || text[i - 1] === '\n') &&
      text.startsWith('=begin', i)
    ) {
      const end = text.indexOf('\n=end', i);
      blank(i, end < 0 ? n : end + 5);
      continue;
    }
    if (
      syntax.rust &&
      (c === 'r' || c === 'b') &&
      /[#"r]/.test(text[i + 1] ?? '') &&
      !isIdent(text[i - 1])
    ) {
      const raw = rustRawString(text, i);
      if (raw) {
        literal(i, raw.end, raw.value);
        continue;
      }
    }
    if (syntax.verbatim && c === '@' && text[i + 1] === '"') {
      const end = verbatimEnd(text, i + 2);
      literal(i, end, text.slice(i + 2, end - 1).replaceAll('""', '"'));
      continue;
    }
    if (syntax.triple?.includes(c) && text.startsWith(c + c + c, i)) {
      const end = text.indexOf(c + c + c, i + 3);
      const stop = end < 0 ? n : end + 3;
      literal(i, stop, text.slice(i + 3, end < 0 ? n : end));
      continue;
    }
    if (syntax.multiline?.includes(c)) {
      const end = stringEnd(text, i + 1, c, true, syntax.rawMultiline === true);
      const value = text.slice(i + 1, text[end - 1] === c ? end - 1 : end);
      literal(i, end, syntax.rawMultiline ? value : unescape(value));
      continue;
    }
    if (syntax.quotes.includes(c)) {
      const end = stringEnd(text, i + 1, c, false, false);
      literal(i, end, unescape(text.slice(i + 1, text[end - 1] === c ? end - 1 : end)));
      continue;
    }
    if (syntax.rust && c === "'") {
      // A char literal ('a', '\n', '\u{1F600}') or a lifetime ('a): only the former is skipped.
      const m = /^'(?:\\(?:u\{[0-9a-fA-F]+\}|x[0-9a-fA-F]{2}|.)|[^\\'\n])'/.exec(
        text.slice(i, i + 14),
      );
      if (m) {
        blank(i, i + m[0].length);
        continue;
      }
    }
    if (syntax.regex && c === '/' && regexAllowed(text, i)) {
      const end = regexEnd(text, i + 1);
      if (end > 0) {
        blank(i, end);
        continue;
      }
    }
    i++;
  }
  flush(n);
  return { code: out.join(''), strings };
}

function startersOf(syntax: Syntax): Set<string> {
  const chars = [
    ...syntax.line.map((open) => open[0]!),
    syntax.block?.[0][0] ?? '',
    syntax.quotes,
    syntax.multiline ?? '',
    syntax.triple ?? '',
    syntax.rubyBlock ? '=' : '',
    syntax.rust ? "rb'" : '',
    syntax.verbatim ? '@' : '',
    syntax.regex ? '/' : '',
  ].join('');
  return new Set(chars.split(''));
}

function newlinesIn(text: string, from: number, to: number): string {
  let count = 0;
  for (let k = text.indexOf('\n', from); k >= 0 && k < to; k = text.indexOf('\n', k + 1)) count++;
  return '\n'.repeat(count);
}

function isIdent(ch: string | undefined): boolean {
  return ch !== undefined && /[\w$]/.test(ch);
}

function blockEnd(
  text: string,
  start: number,
  [open, close]: [string, string],
  nested: boolean,
): number {
  let depth = 1;
  let k = start + open.length;
  while (k < text.length) {
    if (text.startsWith(close, k)) {
      k += close.length;
      if (!nested || --depth === 0) return k;
    } else if (nested && text.startsWith(open, k)) {
      depth++;
      k += open.length;
    } else k++;
  }
  return text.length;
}

/** Index just past the closing quote (or the newline/end for an unterminated single-line string). */
function stringEnd(
  text: string,
  from: number,
  quote: string,
  multiline: boolean,
  raw: boolean,
): number {
  for (let k = from; k < text.length; k++) {
    const ch = text[k];
    if (ch === '\\' && !raw) k++;
    else if (ch === quote) return k + 1;
    else if (ch === '\n' && !multiline) return k;
  }
  return text.length;
}

function verbatimEnd(text: string, from: number): number {
  for (let k = from; k < text.length; k++) {
    if (text[k] === '"') {
      if (text[k + 1] === '"') k++;
      else return k + 1;
    }
  }
  return text.length;
}

function rustRawString(text: string, i: number): { end: number; value: string } | null {
  const m = /^b?r(#*)"/.exec(text.slice(i, i + 260));
  if (!m) return null;
  const close = '"' + m[1]!;
  const start = i + m[0].length;
  const end = text.indexOf(close, start);
  if (end < 0) return { end: text.length, value: text.slice(start) };
  return { end: end + close.length, value: text.slice(start, end) };
}

function regexAllowed(text: string, i: number): boolean {
  const next = text[i + 1];
  if (next === '/' || next === '*') return false;
  let k = i - 1;
  while (k >= 0 && (text[k] === ' ' || text[k] === '\t' || text[k] === '\r' || text[k] === '\n'))
    k--;
  if (k < 0) return true;
  if (REGEX_BEFORE.has(text[k]!)) return true;
  return REGEX_KEYWORDS.test(text.slice(Math.max(0, k - 10), k + 1));
}

/** Index past a regex literal's flags, or -1 when the line ends first (then it was a division). */
function regexEnd(text: string, from: number): number {
  let inClass = false;
  for (let k = from; k < text.length; k++) {
    const ch = text[k];
    if (ch === '\n') return -1;
    if (ch === '\\') k++;
    else if (ch === '[') inClass = true;
    else if (ch === ']') inClass = false;
    else if (ch === '/' && !inClass) {
      let end = k + 1;
      while (end < text.length && /[a-z]/i.test(text[end]!)) end++;
      return end;
    }
  }
  return -1;
}

const ESCAPES: Record<string, string> = {
  n: '\n',
  r: '\r',
  t: '\t',
  b: '\b',
  f: '\f',
  v: '\v',
  0: '\0',
};

/** C-style escapes (`\n`, `\x41`, `\u0041`, `\u{1F600}`), so a specifier reads as the runtime sees it. */
function unescape(value: string): string {
  if (!value.includes('\\')) return value;
  return value.replace(
    /\\(?:x([0-9a-fA-F]{2})|u\{([0-9a-fA-F]{1,6})\}|u([0-9a-fA-F]{4})|([\s\S]))/g,
    (_, x, braced, u, ch: string) => {
      const hex = (x ?? braced ?? u) as string | undefined;
      if (hex !== undefined) {
        const code = parseInt(hex, 16);
        return code <= 0x10ffff ? String.fromCodePoint(code) : '';
      }
      return ESCAPES[ch] ?? ch;
    },
  );
}

/** The string a placeholder match stands for. */
export function stringAt(masked: Masked, index: string | undefined): string | undefined {
  return index === undefined ? undefined : masked.strings[Number(index)];
}
