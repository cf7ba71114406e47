/**
 * Model output made safe to store: PostgreSQL's jsonb refuses NUL, and a lone UTF-16 surrogate has
 * no UTF-8 form (docs/api.md, "Text that can be stored"); both become U+FFFD. Lengths are
 * capped so one runaway answer cannot bloat a review row or the page that shows it.
 */
// Contracts' isStorableText's pattern: in a `u` regex a valid pair is one code point, so `\p{Cs}`
// matches only unpaired halves.
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const UNSTORABLE = /\u0000|\p{Cs}/gu;

export function storableText(text: string, maxLength: number): string {
  const clean = text.replace(UNSTORABLE, '\uFFFD').trim();
  if (clean.length <= maxLength) return clean;
  // Do not cut a surrogate pair in two.
  const cut = /[\uD800-\uDBFF]/.test(clean[maxLength - 1] ?? '') ? maxLength - 1 : maxLength;
  return `${clean.slice(0, cut)}…`;
}

export const TITLE_LIMIT = 200;
export const TEXT_LIMIT = 4000;
