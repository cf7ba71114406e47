import { commentSyntaxFor, type CommentSyntax } from './comment-syntax.js';

/**
 * A language's comment syntax compiled for the line counter: markers as bytes, and two 256-entry
 * tables so the hot loop decides most bytes with one lookup. Compiled once per language.
 */
export interface Block {
  open: Uint8Array;
  close: Uint8Array;
  nests: boolean;
}

export interface Str {
  open: Uint8Array;
  close: Uint8Array;
  /** Escape byte, or -1 for raw strings. */
  escape: number;
  multiline: boolean;
  doc: boolean;
  notAfterWord: boolean;
}

export interface Compiled {
  /** Per byte: flags below (which markers it may start; whitespace; newline). */
  kind: Uint8Array;
  /** Per byte: 1 where a run of plain code must stop (newline or a possible marker). */
  stop: Uint8Array;
  line: Uint8Array[];
  notComment: Uint8Array[];
  block: Block[];
  strings: Str[];
  lineStart: Uint8Array[];
  column0: Uint8Array[];
  column0Blocks: Array<{ opens: Uint8Array[]; close: Uint8Array }>;
  boundary: boolean;
  notAfter: number;
  charLiterals: boolean;
}

export const LINE = 1;
export const BLOCK = 2;
export const STRING = 4;
export const BACKSLASH = 8;
export const MARKER = LINE | BLOCK | STRING | BACKSLASH;
export const SPACE = 16;
export const NEWLINE = 32;
export const SINGLE_QUOTE = 39;

const bytes = (text: string): Uint8Array => Buffer.from(text, 'latin1');

export const isWord = (c: number): boolean =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;

function compile(syntax: CommentSyntax): Compiled {
  const kind = new Uint8Array(256);
  for (const c of [32, 9, 13, 12, 11]) kind[c] = SPACE;
  kind[10] = NEWLINE;
  const mark = (list: Uint8Array[], flag: number) => {
    for (const m of list) kind[m[0]!] = kind[m[0]!]! | flag;
  };
  const line = (syntax.line ?? []).map(bytes);
  const block = (syntax.block ?? []).map(([open, close, nests]) => ({
    open: bytes(open),
    close: bytes(close),
    nests: nests === true,
  }));
  const strings = (syntax.strings ?? []).map((s) => ({
    open: bytes(s.open),
    close: bytes(s.close),
    escape: s.escape === null ? -1 : (s.escape ?? '\\').charCodeAt(0),
    multiline: s.multiline === true,
    doc: s.doc === true,
    notAfterWord: s.notAfterWord === true,
  }));
  mark(line, LINE);
  mark(
    block.map((b) => b.open),
    BLOCK,
  );
  mark(
    strings.map((s) => s.open),
    STRING,
  );
  if (syntax.codeEscape) kind[92] = kind[92]! | BACKSLASH;
  if (syntax.charLiterals) kind[SINGLE_QUOTE] = kind[SINGLE_QUOTE]! | STRING;
  const stop = new Uint8Array(256);
  for (let c = 0; c < 256; c += 1) if (kind[c]! & (MARKER | NEWLINE)) stop[c] = 1;
  return {
    kind,
    stop,
    line,
    notComment: (syntax.notComment ?? []).map(bytes),
    block,
    strings,
    lineStart: (syntax.lineStart ?? []).map(bytes),
    column0: (syntax.column0 ?? []).map(bytes),
    column0Blocks: (syntax.column0Blocks ?? []).map(([opens, close]) => ({
      opens: opens.map(bytes),
      close: bytes(close),
    })),
    boundary: syntax.commentNeedsBoundary === true,
    notAfter: syntax.commentNotAfter ? syntax.commentNotAfter.charCodeAt(0) : -1,
    charLiterals: syntax.charLiterals === true,
  };
}

const cache = new Map<string | null, Compiled>();

export function compiledSyntax(language: string | null): Compiled {
  let found = cache.get(language);
  if (!found) {
    found = compile(commentSyntaxFor(language));
    cache.set(language, found);
  }
  return found;
}

export function at(buf: Uint8Array, i: number, marker: Uint8Array): boolean {
  if (i + marker.length > buf.length) return false;
  for (let k = 0; k < marker.length; k += 1) if (buf[i + k] !== marker[k]) return false;
  return true;
}

export function startsAny(buf: Uint8Array, i: number, markers: Uint8Array[]): number {
  for (const m of markers) if (at(buf, i, m)) return m.length;
  return 0;
}

/** A word-like marker (REM) must not run into a longer word (REMOVE). */
export function lineStartMarker(buf: Uint8Array, i: number, markers: Uint8Array[]): boolean {
  for (const m of markers) {
    if (!at(buf, i, m)) continue;
    if (!isWord(m[m.length - 1]!) || !isWord(buf[i + m.length] ?? 32)) return true;
  }
  return false;
}

export function findBlock(buf: Uint8Array, i: number, blocks: Block[]): Block | undefined {
  for (const b of blocks) if (at(buf, i, b.open)) return b;
  return undefined;
}

export function findString(buf: Uint8Array, i: number, strings: Str[]): Str | undefined {
  const prev = i > 0 ? buf[i - 1]! : 32;
  // MATLAB: a quote after a value (x', a(1)', b.') is the transpose operator.
  const afterValue = isWord(prev) || prev === 41 || prev === 93 || prev === 46 || prev === 39;
  for (const q of strings) if (at(buf, i, q.open) && !(q.notAfterWord && afterValue)) return q;
  return undefined;
}

/** Length of a character literal starting at `i` ('a', '\n', '\u{1F600}', 'é'), or 0. */
export function charLiteralLength(buf: Uint8Array, i: number, end: number): number {
  const next = buf[i + 1];
  if (next === undefined || next === 10) return 0;
  if (next === 92) {
    for (let j = i + 3; j < Math.min(end, i + 14); j += 1) {
      if (buf[j] === 10) return 0;
      if (buf[j] === SINGLE_QUOTE) return j - i + 1;
    }
    return 0;
  }
  const width = next < 0x80 ? 1 : next >= 0xf0 ? 4 : next >= 0xe0 ? 3 : 2;
  return buf[i + 1 + width] === SINGLE_QUOTE ? width + 2 : 0;
}
