/**
 * The GitHub logins `@mentioned` in a pull request's or review's Markdown, lower case. Not in code
 * (fenced blocks, indented blocks, inline spans), not inside e-mail-like text (`ayse@example.com`),
 * not team mentions (`@org/team`). A login is 1–39 letters, digits and single inner hyphens.
 */
export function mentionedLogins(markdown: string | null | undefined): Set<string> {
  const found = new Set<string>();
  if (!markdown) return found;
  const text = withoutCode(markdown);
  for (const match of text.matchAll(MENTION)) found.add(match[1]!.toLowerCase());
  return found;
}

/** Mentions in `after` that `before` did not have (an edit notifies only the new ones). */
export function newMentions(before: string | null | undefined, after: string | null | undefined) {
  const old = mentionedLogins(before);
  return new Set([...mentionedLogins(after)].filter((login) => !old.has(login)));
}

const MENTION =
  /(?<![\p{L}\p{N}_@.+\-/`\\])@([a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){0,38})(?![\p{L}\p{N}_\-@/]|\.[\p{L}\p{N}])/giu;

function withoutCode(markdown: string): string {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const kept: string[] = [];
  let fence: string | null = null;
  for (const line of lines) {
    const opener = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (opener && opener[1]![0] === fence[0] && opener[1]!.length >= fence.length) fence = null;
      continue;
    }
    if (opener) {
      fence = opener[1]!;
      continue;
    }
    if (/^( {4}|\t)/.test(line)) continue; // an indented code block
    kept.push(line.replace(/(`+)[\s\S]*?\1/g, ' '));
  }
  return kept.join('\n');
}
