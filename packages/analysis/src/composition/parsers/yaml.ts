import { isCollection, parseAllDocuments, type Document, type Node } from 'yaml';
import { lineAt, MAX_NESTING, MAX_PARSE_BYTES, ParseFailure } from './parse-failure.js';

/**
 * YAML for the configuration files the composition reads (compose files, CI pipelines, Helm
 * charts, Kubernetes manifests, pnpm-workspace.yaml), read by `yaml`: a complete YAML 1.2 parser,
 * pure JavaScript, which never constructs objects from tags (`!!js/function` and custom tags stay
 * plain values).
 *
 * Scalars stay strings (`null`, `~` and empty become null): only the map, sequence, string and
 * null types of the core schema are enabled, because the readers want names and text, and type
 * guessing would turn `python-version: 3.10` into 3.1 and YAML 1.1's `on:` into a boolean.
 * Limits: input size, nesting depth (checked before anything is built), and `maxAliasCount`, so
 * "billion laughs" input fails instead of expanding.
 */
export type YamlValue = string | null | YamlValue[] | YamlMap;
export interface YamlMap {
  [key: string]: YamlValue;
}

export function isYamlMap(value: unknown): value is YamlMap {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Aliases expanded per document at most; real files use a handful. */
const MAX_ALIAS_COUNT = 1_000;
const KEPT_TAGS = new Set(
  ['map', 'seq', 'str', 'null'].map((name) => `tag:yaml.org,2002:${name}`),
);

/** Every document of a multi-document stream; empty documents are left out. */
export function parseYamlDocuments(text: string): YamlValue[] {
  if (text.length > MAX_PARSE_BYTES)
    throw new ParseFailure(`over ${MAX_PARSE_BYTES} characters; not read`);
  const documents = parseAllDocuments(text, {
    schema: 'core',
    customTags: (tags) =>
      tags.filter((tag) => typeof tag !== 'string' && KEPT_TAGS.has(tag.tag ?? '')),
    merge: true,
    uniqueKeys: false,
    prettyErrors: false,
    logLevel: 'silent',
  });
  // A stream that is only comments or directives parses to an empty list (or an EmptyStream).
  if (!Array.isArray(documents)) return [];
  const values: YamlValue[] = [];
  for (const document of documents) {
    const error = document.errors[0];
    if (error) throw new ParseFailure(firstLine(error.message), lineAt(text, error.pos[0]));
    if (document.contents === null) continue;
    if (depthOf(document.contents) > MAX_NESTING) throw new ParseFailure('nested too deeply');
    const value = toValue(document);
    if (value !== null) values.push(value);
  }
  return values;
}

/** The first document, or null for an empty stream. */
export function parseYaml(text: string): YamlValue {
  return parseYamlDocuments(text)[0] ?? null;
}

function toValue(document: Document.Parsed): YamlValue {
  try {
    return document.toJS({ maxAliasCount: MAX_ALIAS_COUNT, reviver: onlyText }) as YamlValue;
  } catch (error) {
    // yaml throws a ReferenceError for an alias whose anchor is missing and for too many aliases.
    if (error instanceof Error) throw new ParseFailure(firstLine(error.message));
    throw error;
  }
}

/**
 * Explicit tags outside the kept ones (`!!binary`, `!!set`, `!!timestamp`) still build their own
 * values; they become text or null, so every value is one the readers expect.
 */
function onlyText(_key: unknown, value: unknown): unknown {
  if (value === null || typeof value === 'string' || Array.isArray(value)) return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) return value;
  return null;
}

/** How deeply collections nest, walked without recursion so hostile input cannot exhaust the stack. */
function depthOf(root: Node): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[root, 1]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (!isCollection(node)) continue;
    deepest = Math.max(deepest, depth);
    if (deepest > MAX_NESTING) return deepest;
    for (const item of node.items as unknown[]) {
      if (isCollection(item)) stack.push([item, depth + 1]);
      else if (item && typeof item === 'object' && 'value' in item) {
        const pair = item as { key: unknown; value: unknown };
        if (isCollection(pair.key)) stack.push([pair.key, depth + 1]);
        if (isCollection(pair.value)) stack.push([pair.value, depth + 1]);
      }
    }
  }
  return deepest;
}

function firstLine(message: string): string {
  return message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
}
