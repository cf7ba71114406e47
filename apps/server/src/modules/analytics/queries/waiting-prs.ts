import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { iso, prFactsSql, textList, type PrScope } from './sql-parts.js';

// ── Open pull requests waiting for their first review ────────────────────────────────────────

export interface WaitingPull {
  repo_key: string;
  number: number;
  title: string;
  url: string;
  author: string | null;
  /** When reviewers could pick it up (docs/metrics.md "pickup"): ready for review, else opened. */
  waiting_since: string;
}

/**
 * The open, non-draft pull requests of the kinds asked for that have no counted review yet
 * (docs/metrics.md "Reviews"), waiting longest first, as of `until`.
 */
export async function waitingForFirstReview(
  db: Database,
  window: { scope: PrScope; kinds: string[]; until: string; limit: number },
): Promise<WaitingPull[]> {
  const result = await db.execute(sql`select repo_key, number, title, url, author_login as author,
      ${iso(sql`pickup_from`)} as waiting_since
    from (${prFactsSql(window.scope)}) f
    where state = 'open' and not draft and first_review_at is null
      and kind in ${textList(window.kinds)} and pickup_from <= ${window.until}::timestamptz
    order by pickup_from asc, repo_key, number
    limit ${window.limit}`);
  return (result as unknown as { rows: WaitingPull[] }).rows.map((row) => ({
    ...row,
    number: Number(row.number),
  }));
}
