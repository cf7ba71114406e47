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
