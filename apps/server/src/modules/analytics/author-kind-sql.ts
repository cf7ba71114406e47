import { KNOWN_AGENT_LOGINS, KNOWN_BOT_LOGINS } from '@rota/analysis';
import type { AnalyticsAuthors } from '@rota/contracts';
import { sql, type SQL } from 'drizzle-orm';

/** A list of text values as SQL (`in (…)` needs at least one: an empty list matches nothing). */
export function textList(values: readonly string[]): SQL {
  if (values.length === 0) return sql`(null::text)`;
  return sql`(${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )})`;
}

/** A constant list of our own (never user input) written into the statement as literals. */
function literalList(values: readonly string[]): SQL {
  return sql.raw(`(${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ')})`);
}

/**
 * The kind of a forge login (docs/metrics.md "Which pull requests, which people"), in SQL: an
 * agent account first (some agents are GitHub Apps too: the agent kind wins), then a bot — GitHub's
 * `Bot` type, a `[bot]` login, or an automation account of the history analysis's list (the one
 * home of both lists: packages/analysis/src/history/identity.ts).
 */
export function authorKindSql(login: SQL, isBot: SQL): SQL {
  return sql`(case
    when lower(coalesce(${login}, '')) in ${literalList(KNOWN_AGENT_LOGINS)} then 'agent'
    when ${isBot} or lower(coalesce(${login}, '')) like '%[bot]'
      or regexp_replace(lower(coalesce(${login}, '')), '\\[bot\\]$', '') in ${literalList(KNOWN_BOT_LOGINS)} then 'bot'
    else 'human' end)`;
}

/** The author kinds an `authors` filter keeps. */
export function kindsOf(authors: AnalyticsAuthors): Array<'human' | 'bot' | 'agent'> {
  if (authors === 'all') return ['human', 'bot', 'agent'];
  return [authors === 'humans' ? 'human' : authors === 'bots' ? 'bot' : 'agent'];
}
