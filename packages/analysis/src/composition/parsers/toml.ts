import { parse, TomlDate, TomlError } from 'smol-toml';
import { MAX_NESTING, MAX_PARSE_BYTES, ParseFailure } from './parse-failure.js';

/**
 * TOML for manifests (Cargo.toml, pyproject.toml, Pipfile, libs.versions.toml), read by
 * `smol-toml`: a complete TOML 1.0 parser, pure JavaScript, no code execution. What this wrapper
 * adds is the engine's contract: limits (input size, nesting depth, `__proto__`-style keys dropped),
 * dates as ISO text (readers want names and versions, never times), and a
 * `ParseFailure` with the line number, which the composition reports as the manifest's parseError.
 */
export type TomlValue = string | number | boolean | TomlValue[] | TomlTable;
export interface TomlTable {
  [key: string]: TomlValue;
}

export function parseToml(text: string): TomlTable {
  if (text.length > MAX_PARSE_BYTES)
    throw new ParseFailure(`over ${MAX_PARSE_BYTES} characters; not read`);
  try {
    const table = parse(text.replace(/^\uFEFF/, ''), {
      maxDepth: MAX_NESTING,
      unsafeKeyBehaviour: 'drop',
    });
    return plain(table) as TomlTable;
  } catch (error) {
    if (error instanceof TomlError) throw new ParseFailure(firstLine(error.message), error.line);
    throw error;
  }
}

export function isTable(value: unknown): value is TomlTable {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** smol-toml's messages start with one sentence, then a code excerpt; the sentence is enough. */
function firstLine(message: string): string {
  return message
    .split('\n')[0]!
    .replace(/^Invalid TOML document:\s*/, '')
    .replace(/excessively nested structures.*/, 'nested too deeply');
}

/** Dates become their written form; bigints (never produced with the options above) too. */
function plain(value: unknown): TomlValue {
  if (value instanceof TomlDate) return value.toISOString();
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value === 'object' && value !== null) {
    const out: TomlTable = {};
    for (const [key, item] of Object.entries(value)) out[key] = plain(item);
    return out;
  }
  if (typeof value === 'bigint') return String(value);
  return value as TomlValue;
}
