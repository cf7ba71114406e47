/**
 * Folds text for case- and accent-insensitive search that understands Turkish: İ, I, ı and i all
 * become i, and other diacritics are dropped (ş→s, ğ→g, ü→u, ö→o, ç→c), so "istanbul" finds
 * "İSTANBUL" and "sirket" finds "Şirket". The same fold is applied to stored text and to queries.
 */
export function foldForSearch(text: string): string {
  return text
    .replace(/[İIı]/g, 'i')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** Escapes LIKE wildcards so a user's "%" or "_" is searched for literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
