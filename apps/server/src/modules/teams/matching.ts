import type { ProjectIdentities } from '@rota/contracts';

/**
 * Who wrote which commits (docs/teams.md "Matching"): the git authors of a project's stored
 * history analyses are matched to its members by the identities they claimed (an e-mail or a
 * name, case-insensitively) and by their GitHub login (a GitHub no-reply address names it).
 */

const NOREPLY = /^(?:\d+\+)?([^@]+)@users\.noreply\.github\.com$/;

/** A git author of one history (a `people` entry: name, lower-cased e-mail, window commits). */
export interface HistoryPerson {
  name: string;
  email: string;
  bot: boolean;
  commits: number;
  firstCommitDate: string;
  lastCommitDate: string;
}

export interface MatchMember {
  id: string;
  name: string;
  githubLogin: string | null;
  identities: Array<{ kind: 'email' | 'name'; key: string }>;
}

/** A git author over every history: one e-mail, its commits summed. */
export interface GitAuthor {
  name: string;
  email: string;
  commits: number;
}

/** The GitHub login a no-reply address gives away, lower-cased; null for any other address. */
export function noreplyLogin(email: string): string | null {
  return NOREPLY.exec(email.toLowerCase())?.[1] ?? null;
}

/** A name compared without case, diacritics or extra spaces ("Ayşe Işık" = "ayse isik"). */
export function foldName(name: string): string {
  return name
    .toLocaleLowerCase('tr')
    .replace(/ı/g, 'i')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** What an identity is matched on: its value lower-cased. */
export const identityKey = (value: string) => value.trim().toLowerCase();

/** The humans of the histories, one entry per e-mail, most commits first. */
export function gitAuthors(people: HistoryPerson[]): GitAuthor[] {
  const byEmail = new Map<string, GitAuthor>();
  for (const person of people) {
    if (person.bot) continue;
    const email = person.email.toLowerCase();
    const known = byEmail.get(email);
    if (known) known.commits += person.commits;
    else byEmail.set(email, { name: person.name, email, commits: person.commits });
  }
  return [...byEmail.values()].sort(
    (a, b) => b.commits - a.commits || a.email.localeCompare(b.email),
  );
}

/** The member whose claimed identities name this author (its e-mail first, then its name). */
function claimant(author: { name: string; email: string }, members: MatchMember[]) {
  const email = author.email.toLowerCase();
  const name = identityKey(author.name);
  return (
    members.find((m) => m.identities.some((i) => i.kind === 'email' && i.key === email)) ??
    members.find((m) => m.identities.some((i) => i.kind === 'name' && i.key === name))
  );
}

/**
 * The member an author's commits count for: the one claiming its e-mail, else the one whose
 * GitHub login its no-reply address names, else the one claiming its name; or none.
 */
export function memberOf(
  author: { name: string; email: string },
  members: MatchMember[],
): MatchMember | undefined {
  const email = author.email.toLowerCase();
  const byEmail = members.find((m) =>
    m.identities.some((i) => i.kind === 'email' && i.key === email),
  );
  if (byEmail) return byEmail;
  const login = noreplyLogin(email);
  const byLogin = login
    ? members.find((m) => m.githubLogin !== null && m.githubLogin.toLowerCase() === login)
    : undefined;
  return byLogin ?? claimant(author, members);
}

/** Each member's matched commits; members nothing matches are absent. */
export function commitsByMember(authors: GitAuthor[], members: MatchMember[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const author of authors) {
    const member = memberOf(author, members);
    if (member) counts.set(member.id, (counts.get(member.id) ?? 0) + author.commits);
  }
  return counts;
}

type Reason = NonNullable<ProjectIdentities['suggestions'][number]['reason']>;

/** The member an unclaimed author most likely is, and why; null when no rule names one. */
export function likelyMember(
  author: GitAuthor,
  members: MatchMember[],
): { memberId: string; reason: Reason } | null {
  const login = noreplyLogin(author.email);
  const withLogin = members.filter((m) => m.githubLogin);
  const lower = (m: MatchMember) => m.githubLogin!.toLowerCase();
  if (login) {
    const member = withLogin.find((m) => lower(m) === login);
    if (member) return { memberId: member.id, reason: 'noreplyLogin' };
  }
  const local = (login ?? author.email.split('@')[0] ?? '').toLowerCase();
  const byLocal = local ? withLogin.find((m) => lower(m) === local) : undefined;
  if (byLocal) return { memberId: byLocal.id, reason: 'emailLocalPart' };
  const folded = foldName(author.name);
  const byName = folded ? members.find((m) => foldName(m.name) === folded) : undefined;
  if (byName) return { memberId: byName.id, reason: 'sameName' };
  return null;
}

/** Authors no member claims by an identity, each with the member they most likely are. */
export function suggestionsFor(
  authors: GitAuthor[],
  members: MatchMember[],
): ProjectIdentities['suggestions'] {
  return authors
    .filter((author) => !claimant(author, members))
    .map((author) => {
      const likely = likelyMember(author, members);
      return {
        name: author.name,
        email: author.email,
        commits: author.commits,
        memberId: likely?.memberId ?? null,
        reason: likely?.reason ?? null,
      };
    });
}
