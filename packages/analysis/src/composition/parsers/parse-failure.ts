/**
 * Thrown by the purpose-built manifest readers when a file is not valid for its format. The
 * composition analysis catches it (and anything else a reader throws) and reports it as the
 * manifest's `parseError`, so a broken file never stops the analysis.
 */
export class ParseFailure extends Error {
  constructor(message: string, line?: number) {
    super(line === undefined ? message : `line ${line}: ${message}`);
    this.name = 'ParseFailure';
  }
}

/** Deep enough for any real manifest; deeper input is hostile and would exhaust the stack. */
export const MAX_NESTING = 100;

/** Manifests and CI files are read up to 1 MiB; the parsers refuse anything longer on their own too. */
export const MAX_PARSE_BYTES = 1024 * 1024;

/** 1-based line number of `index` in `text`. */
export function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}
