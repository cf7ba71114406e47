import {
  at,
  BACKSLASH,
  BLOCK,
  charLiteralLength,
  compiledSyntax,
  findBlock,
  findString,
  LINE,
  lineStartMarker,
  MARKER,
  NEWLINE,
  SINGLE_QUOTE,
  SPACE,
  startsAny,
  STRING,
  type Block,
  type Str,
} from './compiled-syntax.js';

/**
 * Counts lines, code, comment and blank lines of one text blob in a single pass over its bytes,
 * like scc/tokei/cloc: a blank line has only whitespace (in any state); a comment line has
 * non-whitespace only inside comments (or a docstring); every other line is code — a line with
 * both code and a comment, lines inside ordinary strings, and a first-line shebang. Works on bytes:
 * every marker is ASCII, and UTF-8 never puts an ASCII byte inside a multi-byte character.
 *
 * Speed: runs of plain code, comment text and string text are skipped by tight loops that stop
 * only at bytes that can change the state (a newline, or a byte some marker starts with).
 */
export interface LineCounts {
  lines: number;
  code: number;
  comment: number;
  blank: number;
}

export const NO_LINES: LineCounts = Object.freeze({ lines: 0, code: 0, comment: 0, blank: 0 });

const NORMAL = 0;
const IN_BLOCK = 1;
const IN_STRING = 2;
const IN_COLUMN0_BLOCK = 3;

// Shell metacharacters (; | & ( ) < >) end a word, so a comment may follow them directly. A table,
// read for every line comment whatever the language (see below).
const BOUNDARY = new Uint8Array(256);
for (const c of [59, 124, 38, 40, 41, 60, 62]) BOUNDARY[c] = 1;

// The byte scans that take nearly all the time, as small functions of their own: V8 optimises a
// small hot function after a few calls, in well under a millisecond, while the whole counter is
// large and branchy: it is optimised late, several times over (each branch first taken by a later
// file throws the optimised code away; 40-60 ms of compiling each time) and runs unoptimised in
// between. With the scans apart, a fresh process counts prettier's lines in ~270 ms of CPU
// instead of ~400 (a warm one in ~100), and express's in ~55 instead of ~100.
//
// The counter itself was still compiled four or five times over on prettier (~20 ms of a
// background thread each, on a two-core machine also taken from git and the main thread): V8
// optimises it with the type feedback of the files seen so far, and a rare branch first taken by a
// later file (a byte order mark, a shell comment after a metacharacter, an escape in a string) has
// none, so its first run throws the optimised code away. Those three are written so that every
// operation runs on every pass, whatever the bytes (bitwise arithmetic instead of short-circuits);
// what is left to branch on is only a plain assignment or `continue`, which needs no feedback.
// Now two compiles on prettier. Keep new rare branches free of arithmetic the same way.

/** The first index from `j` whose byte may end a run of plain code (a newline or a marker). */
function skipPlain(buf: Uint8Array, j: number, end: number, stop: Uint8Array): number {
  while (j < end && stop[buf[j]!] === 0) j += 1;
  return j;
}

/** The first index from `j` that is not a space, tab or the like (a newline is not one). */
function skipSpace(buf: Uint8Array, j: number, end: number, kind: Uint8Array): number {
  while (j < end && kind[buf[j]!]! & SPACE) j += 1;
  return j;
}

/** The first index from `j` holding a newline, `a` or `b` (or `end`). */
function scanUntil(buf: Uint8Array, j: number, end: number, a: number, b: number): number {
  while (j < end) {
    const d = buf[j]!;
    if (d === 10 || d === a || d === b) return j;
    j += 1;
  }
  return end;
}

export function countLines(buf: Uint8Array, language: string | null): LineCounts {
  const s = compiledSyntax(language);
  const { kind, stop } = s;
  const hasLineStart = s.lineStart.length > 0;
  const hasColumn0 = s.column0.length > 0 || s.column0Blocks.length > 0;
  const end = buf.length;
  let lines = 0;
  let code = 0;
  let comment = 0;
  let blank = 0;
  let state = NORMAL;
  let depth = 0;
  let block: Block | undefined;
  let str: Str | undefined;
  let strIsDoc = false;
  // `str.multiline`, kept as the string opens (a common branch), so that the end of a line inside a
  // string (a rare one) reads no property V8 has no feedback for.
  let strMultiline = false;
  let column0Close: Uint8Array | undefined;
  // A UTF-8 byte order mark is not content. All three bytes compared on every file (see above).
  let i = end >= 3 && ((buf[0]! ^ 0xef) | (buf[1]! ^ 0xbb) | (buf[2]! ^ 0xbf)) === 0 ? 3 : 0;
  // A shebang is an executable directive: code, as cloc and scc count it, whatever "#" means. The
  // first line's end is found in every file (see above), and nothing is read past the end (an
  // empty file would otherwise be the first out-of-bounds read).
  const shebang = end - i >= 2 && buf[i] === 35 && buf[i + 1] === 33 ? 1 : 0;
  const firstNewline = buf.indexOf(10, i);
  const afterFirstLine = firstNewline === -1 ? end : firstNewline + 1;
  lines += shebang;
  code += shebang;
  if (shebang) i = afterFirstLine;

  while (i < end) {
    const lineStart = i;
    let sawCode = false;
    let sawComment = state === IN_BLOCK || (state === IN_STRING && strIsDoc);
    let nonBlank = false;
    let firstToken = true;
    let continued = false;

    // Lines that are comment as a whole: inside or opening a column-1 block, or a column-1 marker.
    if (state === IN_COLUMN0_BLOCK || (state === NORMAL && hasColumn0)) {
      let wholeLine = state === IN_COLUMN0_BLOCK;
      if (wholeLine) {
        if (at(buf, i, column0Close!)) state = NORMAL;
      } else {
        for (const b of s.column0Blocks) {
          if (startsAny(buf, i, b.opens)) {
            state = IN_COLUMN0_BLOCK;
            column0Close = b.close;
            wholeLine = true;
            break;
          }
        }
        if (!wholeLine && startsAny(buf, i, s.column0)) wholeLine = true;
      }
      if (wholeLine) {
        const nl = buf.indexOf(10, i);
        const stopAt = nl === -1 ? end : nl;
        if (skipSpace(buf, i, stopAt, kind) < stopAt) nonBlank = true;
        i = stopAt;
        sawComment = true;
      }
    }

    for (; i < end; i += 1) {
      const c = buf[i]!;
      const k = kind[c]!;
      if (k & NEWLINE) break;
      if (k & SPACE) {
        i = skipSpace(buf, i + 1, end, kind) - 1;
        continue;
      }
      nonBlank = true;
      if (state === NORMAL) {
        if (firstToken) {
          firstToken = false;
          if (hasLineStart && lineStartMarker(buf, i, s.lineStart)) {
            sawComment = true;
            const nl = buf.indexOf(10, i);
            i = (nl === -1 ? end : nl) - 1;
            continue;
          }
        }
        if ((k & MARKER) === 0) {
          sawCode = true;
          i = skipPlain(buf, i + 1, end, stop) - 1;
          continue;
        }
        if (k & BLOCK) {
          const opened = findBlock(buf, i, s.block);
          if (opened) {
            state = IN_BLOCK;
            block = opened;
            depth = 1;
            sawComment = true;
            i += opened.open.length - 1;
            continue;
          }
        }
        if (k & LINE && startsAny(buf, i, s.line) && !startsAny(buf, i, s.notComment)) {
          const prev = i > lineStart ? buf[i - 1]! : 32;
          // After a space or a metacharacter; computed even where no boundary is needed.
          const free = (kind[prev]! & SPACE) | BOUNDARY[prev]!;
          if ((s.boundary ? free : 1) !== 0 && prev !== s.notAfter) {
            sawComment = true;
            const nl = buf.indexOf(10, i);
            i = (nl === -1 ? end : nl) - 1;
            continue;
          }
        }
        if (k & BACKSLASH && c === 92) {
          sawCode = true;
          if (buf[i + 1] !== 10) i += 1;
          continue;
        }
        if (k & STRING) {
          if (c === SINGLE_QUOTE && s.charLiterals) {
            const width = charLiteralLength(buf, i, end);
            sawCode = true;
            if (width) i += width - 1;
            continue;
          }
          const opened = findString(buf, i, s.strings);
          if (opened) {
            state = IN_STRING;
            str = opened;
            // A docstring is the first thing on its line; elsewhere the same quotes are a value.
            strMultiline = opened.multiline;
            strIsDoc = opened.doc && !sawCode;
            if (strIsDoc) sawComment = true;
            else sawCode = true;
            i += opened.open.length - 1;
            continue;
          }
        }
        sawCode = true;
      } else if (state === IN_BLOCK) {
        sawComment = true;
        const b = block!;
        const close0 = b.close[0]!;
        const open0 = b.nests ? b.open[0]! : -1;
        if (c === close0 && at(buf, i, b.close)) {
          i += b.close.length - 1;
          depth -= 1;
          if (depth === 0) state = NORMAL;
          continue;
        }
        if (c === open0 && at(buf, i, b.open)) {
          i += b.open.length - 1;
          depth += 1;
          continue;
        }
        i = scanUntil(buf, i + 1, end, close0, open0) - 1;
      } else {
        const q = str!;
        if (strIsDoc) sawComment = true;
        else sawCode = true;
        const escape = c === q.escape ? 1 : 0;
        const beforeNewline = i + 1 < end && buf[i + 1] === 10 ? 1 : 0;
        // An escape skips the byte it escapes; before a newline, it continues the string instead.
        // Both read for every byte that reaches here, escape or not (see above).
        i += escape & (beforeNewline ^ 1);
        if (escape) {
          if (beforeNewline) continued = true;
          continue;
        }
        const close0 = q.close[0]!;
        if (c === close0 && at(buf, i, q.close)) {
          i += q.close.length - 1;
          state = NORMAL;
          continue;
        }
        i = scanUntil(buf, i + 1, end, close0, q.escape) - 1;
      }
    }

    lines += 1;
    if (!nonBlank) blank += 1;
    else if (sawCode || !sawComment) code += 1;
    else comment += 1;
    if (state === IN_STRING && !strMultiline && !continued) state = NORMAL;
    i += 1;
  }
  return { lines, code, comment, blank };
}
