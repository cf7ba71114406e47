/**
 * The scopes of a classic personal access token (or an OAuth token) that Rota needs, and what for.
 * `repo` covers private repositories, their webhooks, pull-request reviews and commit statuses
 * (GitHub counts repository webhooks under `repo`, so `admin:repo_hook` adds nothing); `read:org`
 * lists organisation repositories in the project form's picker. A broader scope satisfies a
 * narrower one, as on GitHub (`admin:org` includes `read:org`). Plain constants: no zod.
 */
export const GITHUB_TOKEN_SCOPES = ['repo', 'read:org'] as const;
export type GitHubScope = (typeof GITHUB_TOKEN_SCOPES)[number];

/** The scopes that grant each needed one (GitHub's scope hierarchy). */
const SATISFIED_BY: Record<GitHubScope, readonly string[]> = {
  repo: ['repo'],
  'read:org': ['read:org', 'write:org', 'admin:org'],
};

/** The needed scopes a token with `scopes` (GitHub's `x-oauth-scopes`, split) lacks. */
export function missingGitHubScopes(scopes: readonly string[]): GitHubScope[] {
  const granted = new Set(scopes.map((scope) => scope.trim()));
  return GITHUB_TOKEN_SCOPES.filter(
    (needed) => !SATISFIED_BY[needed].some((scope) => granted.has(scope)),
  );
}

/** GitHub's `x-oauth-scopes` header ("repo, read:org") as a list; null when the header is absent. */
export function parseGitHubScopes(header: string | null | undefined): string[] | null {
  if (header === null || header === undefined) return null;
  return header
    .split(',')
    .map((scope) => scope.trim())
    .filter((scope) => scope.length > 0);
}
