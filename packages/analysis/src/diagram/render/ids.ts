import { createHash } from 'node:crypto';

/**
 * A Mermaid-safe id from anything: a readable slug of [A-Za-z0-9] plus a hash of the full key, so
 * ids are stable across runs, never collide in practice, and can never spell a Mermaid keyword
 * (`end`, `click`, `style`...) because of the prefix.
 */
export function stableId(prefix: 'n' | 'x' | 'g', key: string): string {
  const slug = key
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 32)
    .replace(/_+$/, '');
  const hash = createHash('sha256').update(key, 'utf8').digest('hex').slice(0, 8);
  return slug ? `${prefix}_${slug}_${hash}` : `${prefix}_${hash}`;
}

/** Allowed as-is inside a quoted label: letters and digits of any script, space and a few marks. */
const SAFE = /[\p{L}\p{N} ._\-/,:@+]/u;
const MAX_LABEL = 60;

/**
 * Label text for inside `["..."]`: every character outside a small allow-list becomes a Mermaid
 * entity code (`#34;`), control and format characters become spaces, and long labels are cut. Because `#`,
 * quotes, brackets, `<`, `>`, `%`, backticks, parentheses, `;` and newlines are never emitted raw,
 * no file name can end the string, open HTML, start a directive or add a statement.
 */
export function escapeLabel(text: string): string {
  const chars = [...text];
  const cut = chars.length > MAX_LABEL ? [...chars.slice(0, MAX_LABEL - 1), '…'] : chars;
  let out = '';
  for (const ch of cut) {
    // Control and format characters (newlines, bidi overrides, zero-width) would only hide or
    // reorder text: they become spaces.
    if (/[\p{Cc}\p{Cf}]/u.test(ch)) out += ' ';
    else if (SAFE.test(ch)) out += ch;
    else out += `#${ch.codePointAt(0)};`;
  }
  return out;
}
