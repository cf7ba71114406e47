import type { GitHubOctokit } from '../github/index.js';
import { FROM_CACHE_HEADER, gitHubError } from '../github/index.js';

/** One page of a GitHub list, and whether GitHub said it had not changed (a free 304). */
export interface ListPage {
  data: unknown;
  revalidated: boolean;
}

type Answer = { data: unknown; headers: Record<string, unknown> };

/**
 * A GET through the user's client (conditional, rate-limit aware). An old answer served because
 * GitHub failed or refused is no proof of anything: it counts as GitHub's failure.
 */
export async function getFresh(
  octokit: GitHubOctokit,
  route: string,
  params: Record<string, unknown> = {},
): Promise<ListPage> {
  const answer = (await octokit.request(route, params)) as Answer;
  const cached = answer.headers[FROM_CACHE_HEADER];
  if (cached === 'stale') throw gitHubError({ status: 502 });
  return { data: answer.data, revalidated: cached === 'revalidated' };
}

/** The `rel="next"` address of a Link header, as GitHub pages its lists. */
export function nextPage(link: unknown): string | null {
  if (typeof link !== 'string') return null;
  for (const part of link.split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="next"/.exec(part);
    if (match) return match[1]!;
  }
  return null;
}

/** Every page of a list, following Link headers; the caller stops when it has read enough. */
export async function* listPages(
  octokit: GitHubOctokit,
  route: string,
  params: Record<string, unknown>,
): AsyncGenerator<ListPage> {
  let answer = (await octokit.request(route, params)) as Answer;
  for (;;) {
    const cached = answer.headers[FROM_CACHE_HEADER];
    if (cached === 'stale') throw gitHubError({ status: 502 });
    yield { data: answer.data, revalidated: cached === 'revalidated' };
    const next = nextPage(answer.headers.link);
    if (!next) return;
    answer = (await octokit.request({ method: 'GET', url: next })) as Answer;
  }
}
