/**
 * JSON as tsconfig and friends write it: comments and trailing commas allowed. Returns null for
 * anything that still does not parse; a broken config must never stop the diagram.
 */
export function parseJsonc(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // fall through to the tolerant path
  }
  try {
    return JSON.parse(stripCommentsAndTrailingCommas(text));
  } catch {
    return null;
  }
}

/** Strings are copied verbatim (escapes included), so `"a//b"` or `",]"` in a value survive. */
function stripCommentsAndTrailingCommas(text: string): string {
  let out = '';
  let k = 0;
  while (k < text.length) {
    const ch = text[k]!;
    if (ch === '"') {
      let end = k + 1;
      while (end < text.length && text[end] !== '"' && text[end] !== '\n')
        end += text[end] === '\\' ? 2 : 1;
      out += text.slice(k, end + 1);
      k = end + 1;
    } else if (ch === '/' && text[k + 1] === '/') {
      const end = text.indexOf('\n', k);
      k = end < 0 ? text.length : end;
    } else if (ch === '/' && text[k + 1] === '*') {
      const end = text.indexOf('*/', k + 2);
      k = end < 0 ? text.length : end + 2;
    } else {
      // A trailing comma is dropped when its closing bracket arrives (outside any string).
      if (ch === '}' || ch === ']') out = dropTrailingComma(out);
      out += ch;
      k++;
    }
  }
  return out;
}

function dropTrailingComma(out: string): string {
  let end = out.length - 1;
  while (end >= 0 && /\s/.test(out[end]!)) end--;
  return out[end] === ',' ? out.slice(0, end) + out.slice(end + 1) : out;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function stringsOf(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
}
