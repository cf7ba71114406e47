import { agentOfCoauthor } from './identity.js';

/**
 * The `Co-authored-by:` trailers of commit messages, read the way `git interpret-trailers` reads
 * them: only the message's last paragraph, and only when every line of it is a `Key: value`
 * trailer (or an indented continuation of one) — so a "Co-authored-by:" quoted in the body, or a
 * last paragraph of prose, names nobody. Keys are case-insensitive; the subject line never is a
 * trailer block.
 */

const TRAILER = /^([A-Za-z0-9][A-Za-z0-9-]*)\s*:\s*(.*)$/;
const PERSON = /^(.*?)\s*<([^<>]*)>\s*$/;

export interface CoAuthor {
  name: string;
  email: string;
}

/** The trailer lines (`key: value`, continuations joined) of one message's trailer block. */
function trailersOf(message: string): Array<{ key: string; value: string }> {
  const paragraphs = message
    .replace(/\r\n?/g, '\n')
    .trim()
    .split(/\n[ \t]*\n/);
  if (paragraphs.length < 2) return [];
  const trailers: Array<{ key: string; value: string }> = [];
  for (const line of paragraphs[paragraphs.length - 1]!.split('\n')) {
    const last = trailers[trailers.length - 1];
    if (/^[ \t]/.test(line) && last) {
      last.value = `${last.value} ${line.trim()}`;
      continue;
    }
    const match = TRAILER.exec(line);
    if (!match) return [];
    trailers.push({ key: match[1]!.toLowerCase(), value: match[2]!.trim() });
  }
  return trailers;
}

/** The people a commit message's `Co-authored-by:` trailers name, as written. */
export function coAuthorsOf(message: string): CoAuthor[] {
  return trailersOf(message).flatMap(({ key, value }) => {
    if (key !== 'co-authored-by') return [];
    const person = PERSON.exec(value);
    return person ? [{ name: person[1]!.trim(), email: person[2]!.trim() }] : [];
  });
}

/**
 * The AI coding agents (names of identity.ts's KNOWN_AGENT_COAUTHORS) that co-authored any of
 * these commit messages, each once, sorted; people are left out.
 */
export function agentCoauthorsOf(messages: readonly string[]): string[] {
  const agents = new Set<string>();
  for (const message of messages)
    for (const { name, email } of coAuthorsOf(message)) {
      const agent = agentOfCoauthor(name, email);
      if (agent) agents.add(agent);
    }
  return [...agents].sort();
}
