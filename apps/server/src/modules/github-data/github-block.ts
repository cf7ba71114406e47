import type { GitHubBlock, GitHubBlockRepository } from '@rota/contracts';
import type { RepoSnapshotRow } from './snapshot.js';

type Contributor = GitHubBlock['contributors'][number];

/**
 * Builds a project's `github` block from stored rows (pure: no GitHub, no database). `repos` are
 * the project's GitHub repositories in its order; `rows` what is stored for them, keyed by repo key
 * (the user's private row preferred over a public one). Nothing stored is said (`pending`), never
 * shown as zeros.
 */
export function buildGitHubBlock(options: {
  repos: Array<{ key: string; fullName: string }>;
  rows: ReadonlyMap<string, RepoSnapshotRow>;
  now: number;
  staleAfterMs: number;
}): GitHubBlock {
  const repositories: GitHubBlockRepository[] = [];
  const pending: string[] = [];
  const failed: GitHubBlock['failed'] = [];
  const contributors = new Map<string, Contributor>();
  const languages = new Map<string, number>();
  for (const repo of options.repos) {
    const row = options.rows.get(repo.key);
    if (!row?.data || !row.fetchedAt) {
      if (row?.error) failed.push({ full_name: repo.fullName, error: row.error });
      else pending.push(repo.fullName);
      continue;
    }
    const { data } = row;
    const old = options.now - row.fetchedAt.getTime() > options.staleAfterMs;
    repositories.push({
      name: data.repository.name,
      full_name: data.repository.full_name,
      stars: data.repository.stars,
      forks: data.repository.forks,
      language: data.repository.language,
      updated_at: data.repository.updated_at,
      size: data.repository.size,
      latest_commits: data.latest_commits,
      open_pull_requests: data.open_pull_requests,
      fetched_at: row.fetchedAt.toISOString(),
      stale: old || row.error !== null,
      error: row.error,
    });
    if (data.repository.language)
      languages.set(data.repository.language, (languages.get(data.repository.language) ?? 0) + 1);
    for (const person of data.contributors) {
      const merged = contributors.get(person.username.toLowerCase());
      if (merged) {
        merged.contributions += person.contributions;
        merged.repos.push(data.repository.full_name);
      } else {
        contributors.set(person.username.toLowerCase(), {
          ...person,
          repos: [data.repository.full_name],
        });
      }
    }
  }
  const people = [...contributors.values()].sort(
    (a, b) => b.contributions - a.contributions || a.username.localeCompare(b.username),
  );
  const fetched = repositories.map((repo) => repo.fetched_at).sort();
  return {
    status:
      repositories.length === 0
        ? 'pending'
        : repositories.length < options.repos.length
          ? 'partial'
          : 'ready',
    fetched_at: fetched[0] ?? null,
    stale: repositories.some((repo) => repo.stale),
    pending,
    failed,
    repositories,
    contributors: people,
    stats:
      repositories.length === 0
        ? null
        : {
            total_stars: sum(repositories.map((repo) => repo.stars)),
            total_forks: sum(repositories.map((repo) => repo.forks)),
            total_repos: repositories.length,
            total_open_pull_requests: sum(repositories.map((r) => r.open_pull_requests.length)),
            languages: [...languages.entries()]
              .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
              .map(([language]) => language),
            top_contributor: people[0] ?? null,
          },
  };
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
