import { isAgentLogin } from '@rota/analysis';
import type { AuthorKind } from '@rota/contracts';
import type { HistoryPart, RepoAnalyses, TeamFilter } from './queries/index.js';

const NOREPLY = /^(?:\d+\+)?([^@]+)@users\.noreply\.github\.com$/;

/** A git author as the figures name them: the GitHub login when the address gives it away. */
export function gitPerson(person: HistoryPart['people'][number]): {
  name: string;
  kind: AuthorKind;
} {
  const login = NOREPLY.exec(person.email)?.[1];
  const name = login ?? person.name;
  const kind: AuthorKind =
    isAgentLogin(name) || isAgentLogin(person.name) ? 'agent' : person.bot ? 'bot' : 'human';
  return { name, kind };
}

/**
 * Whether a git author is one of a team's members: an address or name a member claimed
 * (member_identities), or GitHub's no-reply address of a member's login.
 */
export function isTeamCommitter(person: HistoryPart['people'][number], team: TeamFilter): boolean {
  const login = NOREPLY.exec(person.email)?.[1]?.toLowerCase();
  return (
    team.emails.includes(person.email.toLowerCase()) ||
    team.names.includes(person.name.toLowerCase()) ||
    (login !== undefined && team.logins.includes(login))
  );
}

/**
 * Commits of one UTC day over the repositories with a history analysis covering it; null when
 * none covers it (not measured, rather than zero).
 */
export function commitsByDate(histories: HistoryPart[]): Map<string, number> {
  const byDate = new Map<string, number>();
  for (const history of histories)
    for (const day of history.commitsPerDay)
      byDate.set(day.date, (byDate.get(day.date) ?? 0) + day.commits);
  return byDate;
}

/** Commits (and churn) of one history in the days `sinceDate`..`untilDate` (YYYY-MM-DD, inclusive). */
export function historyTotals(history: HistoryPart, sinceDate: string, untilDate: string) {
  let commits = 0;
  let churn = 0;
  for (const day of history.commitsPerDay) {
    if (day.date < sinceDate || day.date > untilDate) continue;
    commits += day.commits;
    churn += day.churn;
  }
  return { commits, churn };
}

/**
 * A person's commits in the period from the history's window figures: exact when all their
 * window commits fall in the period (first one on or after `since`, last one by `until`), none
 * when their commits are all before or after it, and unknown (null) otherwise — the history keeps
 * per-author totals, not per-day ones.
 */
export function commitsInPeriod(
  person: HistoryPart['people'][number],
  since: string,
  until: string,
): number | null | 'inactive' {
  const first = Date.parse(person.firstCommitDate);
  const last = Date.parse(person.lastCommitDate);
  if (last < Date.parse(since) || first > Date.parse(until)) return 'inactive';
  if (first >= Date.parse(since) && last <= Date.parse(until)) return person.commits;
  return null;
}

/** Summed code lines per language, and the test-to-code ratio, over the structure analyses. */
export function structureFigures(analyses: RepoAnalyses[]) {
  const languages: Record<string, number> = {};
  let testLines = 0;
  let codeLines = 0;
  let measured = false;
  for (const analysis of analyses) {
    for (const language of analysis.languages ?? [])
      languages[language.name] = (languages[language.name] ?? 0) + language.code;
    const tests = analysis.tests;
    if (tests && tests.testCodeLines !== null && tests.codeLines !== null) {
      testLines += tests.testCodeLines;
      codeLines += tests.codeLines;
      measured = true;
    }
  }
  return { languages, testToCodeRatio: measured && codeLines > 0 ? testLines / codeLines : null };
}
