/** Small text helpers the rules share: entropy for loose secret patterns, redaction, evidence. */

/** Shannon entropy in bits per character: random tokens score high, words and placeholders low. */
export function shannonEntropy(value: string): number {
  if (!value) return 0;
  const counts = new Map<string, number>();
  for (const char of value) counts.set(char, (counts.get(char) ?? 0) + 1);
  let entropy = 0;
  for (const count of counts.values()) {
    const p = count / value.length;
    entropy -= p * Math.log2(p);
  }
  return entropy;
}

/** A secret cut to its first 4 characters, so a finding never carries the whole secret. */
export function redactSecret(secret: string): string {
  return `${secret.slice(0, 4)}…`;
}

/** The line with every given secret redacted, trimmed and capped so a minified line stays short. */
export function evidenceLine(text: string, secrets: string[] = []): string {
  let shown = text;
  for (const secret of secrets) shown = shown.split(secret).join(redactSecret(secret));
  shown = shown.trim();
  return shown.length > 200 ? `${shown.slice(0, 200)}…` : shown;
}

/**
 * Whether position `index` of a code line sits inside a '…', "…" or `…` literal. Test fixtures
 * hold code as strings (a focused-test call written inside a string); that is data, not a marker in the file's own code.
 */
export function insideStringLiteral(text: string, index: number): boolean {
  let quote: string | null = null;
  for (let i = 0; i < index; i++) {
    const char = text[i]!;
    if (quote) {
      if (char === '\\') i++;
      else if (char === quote) quote = null;
    } else if (char === "'" || char === '"' || char === '`') {
      quote = char;
    }
  }
  return quote !== null;
}

/** The first match of `pattern` in `text` starting outside a string literal (use lookbehinds, not a consumed prefix). */
export function matchInCode(pattern: RegExp, text: string): RegExpExecArray | null {
  const global = new RegExp(
    pattern.source,
    pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`,
  );
  for (const match of text.matchAll(global)) {
    if (!insideStringLiteral(text, match.index)) return match as RegExpExecArray;
  }
  return null;
}
