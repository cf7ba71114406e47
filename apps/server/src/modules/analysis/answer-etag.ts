import { createHash } from 'node:crypto';

/**
 * A strong entity tag of an answer's exact bytes: the same text, the same tag. Computed after the
 * access check and the whole answer, so a 304 says no more than the 200 would have.
 */
export function entityTag(json: string): string {
  return `"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`;
}

/** Whether `If-None-Match` names `tag` (a list, weak forms and `*` included, as RFC 9110 §13.1.2). */
export function noneMatchHits(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((part) => part.trim().replace(/^W\//, ''))
    .some((part) => part === '*' || part === tag);
}
