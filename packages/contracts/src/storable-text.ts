/**
 * What a text must not contain to be stored: NUL (PostgreSQL's text and jsonb refuse it, and
 * file-system paths end at it) and unpaired UTF-16 surrogates (they have no UTF-8 form, so they
 * would reach the database silently replaced by U+FFFD). In a `u` regex a valid surrogate pair
 * is one code point, so `\p{Cs}` matches only the unpaired halves.
 */
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const UNSTORABLE = /\u0000|\p{Cs}/u;

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/** Enough to show the caller every broken field of a form without walking a hostile input forever. */
const MAX_REPORTED = 20;
/** Deeper than any request this API accepts; beyond it the schema refuses the input anyway. */
const MAX_DEPTH = 64;

export type InputPath = ReadonlyArray<string | number>;

/**
 * Where a parsed input (JSON body, query, path parameters) holds an unstorable text: in a string
 * value or in an object key. Paths name the field as the schema errors do (`repos.0.url`).
 */
export function findUnstorableTexts(input: unknown): InputPath[] {
  const found: InputPath[] = [];
  const visit = (value: unknown, path: Array<string | number>): void => {
    if (found.length >= MAX_REPORTED || path.length > MAX_DEPTH) return;
    if (typeof value === 'string') {
      if (!isStorableText(value)) found.push([...path]);
      return;
    }
    if (Array.isArray(value)) {
      value.forEach((item, index) => visit(item, [...path, index]));
      return;
    }
    if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (!isStorableText(key)) {
          // The key itself cannot be shown; name its parent and mark the key as broken.
          found.push([...path, '(key)']);
          if (found.length >= MAX_REPORTED) return;
          continue;
        }
        visit(item, [...path, key]);
      }
    }
  };
  visit(input, []);
  return found;
}
