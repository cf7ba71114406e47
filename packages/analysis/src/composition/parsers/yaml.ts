import yaml from 'js-yaml';
import { MAX_NESTING, MAX_PARSE_BYTES, ParseFailure } from './parse-failure.js';

/**
 * YAML for the configuration files the composition reads (compose files, CI pipelines, Helm
 * charts, Kubernetes manifests, pnpm-workspace.yaml), read by `js-yaml` (pure JavaScript; its
 * schema here can construct nothing but strings, null, lists and maps, so no tag runs code).
 * `yaml` (eemeli) was measured first and set aside: on the mirrors' real CI files it was 12× slower
 * cold (docs/analysis/composition.md, "Parsers").
 *
 * Scalars stay strings (`null`, `~` and empty become null): the failsafe schema plus null and `<<`
 * merges, because the readers want names and text, and type guessing would turn
 * `python-version: 3.10` into 3.1 and YAML 1.1's `on:` into a boolean. Other tags (`!reference`,
 * `!Ref`, `!!binary`) keep their plain value. Limits: input size, nesting depth, and the size of the
 * value once aliases are expanded, so "billion laughs" input fails instead of growing.
 */
export type YamlValue = string | null | YamlValue[] | YamlMap;
export interface YamlMap {
  [key: string]: YamlValue;
}

export function isYamlMap(value: unknown): value is YamlMap {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Values (scalars and collections) one document may expand to, aliases included. */
const MAX_VALUES = 200_000;

/** Any other tag, local (`!Ref`) or YAML's own (`!!binary`), keeps the node's plain value. */
const keepPlain = (prefix: string) =>
  (['scalar', 'sequence', 'mapping'] as const).map(
    (kind) => new yaml.Type(prefix, { kind, multi: true, construct: (data: unknown) => data }),
  );
/** js-yaml exports its built-in types as `types`; @types/js-yaml does not declare them. */
const { types } = yaml as unknown as { types: Record<'null' | 'merge', yaml.Type> };
const SCHEMA = yaml.FAILSAFE_SCHEMA.extend({
  implicit: [types.null, types.merge],
  explicit: [...keepPlain('!'), ...keepPlain('tag:yaml.org,2002:')],
});

/** Every document of a multi-document stream; empty documents are left out. */
export function parseYamlDocuments(text: string): YamlValue[] {
  if (text.length > MAX_PARSE_BYTES)
    throw new ParseFailure(`over ${MAX_PARSE_BYTES} characters; not read`);
  let documents: unknown[];
  try {
    documents = yaml.loadAll(text, undefined, { schema: SCHEMA, json: true });
  } catch (error) {
    if (error instanceof yaml.YAMLException) {
      const reason = /maxDepth/.test(error.reason) ? 'nested too deeply' : error.reason;
      throw new ParseFailure(reason, error.mark ? error.mark.line + 1 : undefined);
    }
    // js-yaml descends recursively; hostile nesting ends in a RangeError, which is this.
    if (error instanceof RangeError) throw new ParseFailure('nested too deeply');
    throw error;
  }
  const budget = { left: MAX_VALUES };
  return documents.filter((value) => value !== null).map((value) => copy(value, 1, budget));
}

/** The first document, or null for an empty stream. */
export function parseYaml(text: string): YamlValue {
  return parseYamlDocuments(text)[0] ?? null;
}

/**
 * A plain tree of the loaded value. js-yaml shares an aliased value between its uses; copying
 * expands them under a budget, so a reader walking the value can never meet an exponential graph.
 */
function copy(value: unknown, depth: number, budget: { left: number }): YamlValue {
  if (--budget.left < 0) throw new ParseFailure('too many values once aliases are expanded');
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object') return String(value);
  if (depth > MAX_NESTING) throw new ParseFailure('nested too deeply');
  if (Array.isArray(value)) return value.map((item) => copy(item, depth + 1, budget));
  const out: YamlMap = {};
  for (const [key, item] of Object.entries(value)) out[key] = copy(item, depth + 1, budget);
  return out;
}
