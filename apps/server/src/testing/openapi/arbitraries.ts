import fc from 'fast-check';
import type { JsonSchema } from './operations.js';

/**
 * Values a route may meet, built from its JSON Schema: some valid (so requests get past validation
 * and reach the handler and the database), most hostile. `known` gives values only the test knows
 * (real ids of the owner's data, a repository URL that resolves, a password that passes the rules),
 * keyed by field name.
 */
export type KnownValues = Record<string, fc.Arbitrary<unknown>>;

const HOSTILE_TEXT = [
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u001b[31m\u007f',
  '\r\n\t\v\f',
  '\uD800',
  '\uDC00x',
  '\uFFFD\uFEFF\u200B\u202E',
  '🚀👩‍👩‍👧‍👦',
  'Ⅻ İı ß ǅ 𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '../../../../etc/passwd',
  '%00%ff%2e%2e%2f',
  "'; DROP TABLE users; --",
  '${jndi:ldap://x}',
  '<script>alert(1)</script>',
  ' ',
  '',
  '-',
  '--upload-pack=touch /tmp/x',
  'file:///etc/passwd',
  'javascript:alert(1)',
  'https://user:secret@github.com/a/b',
  'https://127.0.0.1/a/b',
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
];

const HUGE_LENGTHS = [257, 2049, 20_001, 200_000];

const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...HOSTILE_TEXT),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(...HUGE_LENGTHS).map((length) => 'x'.repeat(length)),
  fc
    .tuple(fc.constantFrom(...HUGE_LENGTHS), fc.constantFrom('\u0000', 'ş', '🚀'))
    .map(([length, unit]) => unit.repeat(length)),
);

const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(-1, 0, -0, 0.5, 1e308, -1e308, 2 ** 53 + 2, -(2 ** 63), 2 ** 64, 1e-320),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Arrays or objects nested `depth` levels deep, with something hostile at the bottom. */
function nested(depth: number, bottom: unknown, asObject: boolean): unknown {
  let value = bottom;
  for (let level = 0; level < depth; level += 1) value = asObject ? { a: value } : [value];
  return value;
}

const deepValue: fc.Arbitrary<unknown> = fc
  .tuple(fc.constantFrom(10, 64, 200), fc.constantFrom('\u0000', 1, null), fc.boolean())
  .map(([depth, bottom, asObject]) => nested(depth, bottom, asObject));

/** A value of the wrong kind for any field. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null, [], {}, ['x'], { $ne: null }) },
  { weight: 1, arbitrary: deepValue },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 3 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(JSON.parse('{"__proto__": {"polluted": true}}') as unknown, {
      constructor: { prototype: { polluted: true } },
    }),
  },
);

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  return [];
}

/** Strings matching the schema's pattern; fast-check cannot build from lookaheads, so those filter. */
function matching(schema: JsonSchema): fc.Arbitrary<string> {
  const pattern = new RegExp(schema.pattern!);
  const fits = (text: string) => text.length <= (schema.maxLength ?? Infinity);
  try {
    return fc.stringMatching(pattern).filter(fits);
  } catch {
    return fc
      .string({ minLength: 1, maxLength: 20, unit: fc.constantFrom(...'abcXYZ019-_.') })
      .filter((text) => fits(text) && pattern.test(text));
  }
}

/** Values that satisfy the schema as far as JSON Schema can say (zod may still refine them). */
export function validValue(
  schema: JsonSchema,
  known: KnownValues,
  name?: string,
  /** Every optional field present (and not null): the input that reaches furthest. */
  complete = false,
): fc.Arbitrary<unknown> {
  // A known value is text (an id, an address): a flag of the same name (settings' `email`) is not one.
  if (name && known[name] && !typesOf(schema).includes('boolean')) {
    // A web address (`format: uri`, an incident's link) is not a repository's address.
    if (schema.format !== 'uri') return known[name];
  }
  if (schema.format === 'uri')
    return fc.constantFrom('https://pager.example.com/incidents/1', 'https://status.example.com/');
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((v) => validValue(v, known, name, complete)));
  const [type] = typesOf(schema).filter((t) => t !== 'null');
  const value = ((): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'string': {
        if (schema.pattern && !schema.allOf) return matching(schema);
        const minLength = Math.max(schema.minLength ?? 0, 1);
        const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
        return fc.oneof(
          fc.string({ minLength, maxLength, unit: 'grapheme-ascii' }),
          fc.string({ minLength, maxLength, unit: 'grapheme' }),
        );
      }
      case 'integer':
        return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 });
      case 'number':
        return fc.double({
          min: schema.minimum ?? -1000,
          max: schema.maximum ?? 1000,
          noNaN: true,
        });
      case 'boolean':
        return fc.boolean();
      case 'array':
        if (!schema.items) throw new Error(`array ${name ?? ''} without items`);
        return fc.array(validValue(schema.items, known, undefined, complete), {
          minLength: Math.max(schema.minItems ?? 0, complete ? 1 : 0),
          // Complete input has one item: several could repeat one known value (a conflict).
          maxLength: Math.min(schema.maxItems ?? 3, complete ? 1 : 3),
        });
      case 'object': {
        const properties = schema.properties ?? {};
        const required = new Set(schema.required ?? []);
        return fc.record(
          Object.fromEntries(
            Object.entries(properties).map(([key, property]) => [
              key,
              validValue(property, known, key, complete),
            ]),
          ),
          { requiredKeys: complete ? Object.keys(properties) : [...required] },
        );
      }
      default:
        throw new Error(
          `cannot build a value for ${name ?? 'a field'} of type ${JSON.stringify(schema.type)}; teach the fuzz suite this schema`,
        );
    }
  })();
  return schema.nullable && !complete
    ? fc.oneof({ weight: 5, arbitrary: value }, fc.constant(null))
    : value;
}

/**
 * Mostly the schema's shape with hostile leaves: each field is valid, hostile, missing, or
 * joined by fields the schema does not know.
 */
export function fuzzValue(
  schema: JsonSchema,
  known: KnownValues,
  name?: string,
): fc.Arbitrary<unknown> {
  const types = typesOf(schema);
  if (types.includes('object') && schema.properties) {
    const fields = Object.entries(schema.properties).map(
      ([key, property]) =>
        [key, fc.option(fuzzValue(property, known, key), { nil: undefined, freq: 4 })] as const,
    );
    const extra = fc.dictionary(
      fc.oneof(
        fc.constantFrom('extra', '\u0000', '__proto__', 'constructor', 'x'.repeat(300)),
        fc.string(),
      ),
      hostileValue,
      { maxKeys: 2 },
    );
    return fc
      .tuple(fc.tuple(...fields.map(([, arbitrary]) => arbitrary)), fc.option(extra, { freq: 3 }))
      .map(([values, more]) => {
        const object: Record<string, unknown> = {};
        fields.forEach(([key], index) => {
          if (values[index] !== undefined) object[key] = values[index];
        });
        return more ? { ...more, ...object } : object;
      });
  }
  if (types.includes('array') && schema.items) {
    return fc.oneof(
      fc.array(fuzzValue(schema.items, known), { maxLength: 4 }),
      fc.constant(Array.from({ length: (schema.maxItems ?? 1000) + 1 }, () => ({}))),
      hostileValue,
    );
  }
  return fc.oneof(
    { weight: 2, arbitrary: validValue(schema, known, name) },
    { weight: 3, arbitrary: hostileValue },
  );
}
