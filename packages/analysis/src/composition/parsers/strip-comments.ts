/**
 * Removes comments from build scripts that are read with patterns rather than parsed (Gradle,
 * Jenkinsfile, Gemfile, Terraform), so a commented-out dependency is not reported. String literals
 * are kept as they are: a `//` inside a URL is not a comment. Newlines are kept, so line numbers
 * still match the file.
 */
export function stripComments(source: string, style: { slash?: boolean; hash?: boolean }): string {
  let out = '';
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (c === '"' || c === "'") {
      const triple = source.startsWith(c.repeat(3), i);
      const end = findStringEnd(source, i, triple);
      out += source.slice(i, end);
      i = end;
    } else if (style.slash && source.startsWith('//', i)) {
      while (i < source.length && source[i] !== '\n') i++;
    } else if (style.slash && source.startsWith('/*', i)) {
      const end = source.indexOf('*/', i + 2);
      const comment = source.slice(i, end === -1 ? source.length : end + 2);
      out += comment.replace(/[^\n]/g, '');
      i += comment.length;
    } else if (style.hash && c === '#' && source[i + 1] !== '{') {
      while (i < source.length && source[i] !== '\n') i++;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** Index just past the string literal starting at `start` (or the end of its line if unclosed). */
function findStringEnd(source: string, start: number, triple: boolean): number {
  const quote = source[start]!;
  if (triple) {
    const end = source.indexOf(quote.repeat(3), start + 3);
    return end === -1 ? source.length : end + 3;
  }
  for (let i = start + 1; i < source.length; i++) {
    if (source[i] === '\\') i++;
    else if (source[i] === quote) return i + 1;
    else if (source[i] === '\n') return i;
  }
  return source.length;
}
