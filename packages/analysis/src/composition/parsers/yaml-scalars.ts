/** Scalar-level pieces of the YAML reader, shared by its block and flow parts. */
export type YamlValue = string | null | YamlValue[] | YamlMap;
export interface YamlMap {
  [key: string]: YamlValue;
}

export function isYamlMap(value: unknown): value is YamlMap {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Index of the quote closing the one at `start`, or -1. */
export function findClosingQuote(text: string, start: number): number {
  const quote = text[start];
  for (let i = start + 1; i < text.length; i++) {
    if (quote === '"' && text[i] === '\\') i++;
    else if (text[i] === quote) {
      if (quote === "'" && text[i + 1] === "'") i++;
      else return i;
    }
  }
  return -1;
}

const DOUBLE_ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '0': '\0',
  '"': '"',
  '\\': '\\',
  '/': '/',
  ' ': ' ',
};

/** The value of a complete quoted scalar (quotes included in `text`). */
export function unquote(text: string): string {
  const body = text.slice(1, -1);
  if (text[0] === "'") return body.replace(/''/g, "'");
  return body.replace(
    /\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|.)/g,
    (whole, esc: string) =>
      esc.length > 1
        ? String.fromCodePoint(parseInt(esc.slice(1), 16))
        : (DOUBLE_ESCAPES[esc] ?? whole),
  );
}

/** The line without its comment; quotes only count where a token can start. */
export function stripComment(line: string): string {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (quote === '"' && c === '\\') i++;
      else if (c === quote) quote = undefined;
    } else if ((c === '"' || c === "'") && (i === 0 || /[\s[{,:]/.test(line[i - 1]!))) quote = c;
    else if (c === '#' && (i === 0 || /\s/.test(line[i - 1]!))) return line.slice(0, i).trimEnd();
  }
  return line;
}

export function plainScalar(text: string): string | null {
  return text === '' || text === '~' || text === 'null' || text === 'Null' || text === 'NULL'
    ? null
    : text;
}
