import { expect, type APIRequestContext } from '@playwright/test';

/** Where the GitHub test double listens (apps/server/src/testing/github-double/oauth-serve.ts, started by
 * playwright.config.ts). */
export const GITHUB_DOUBLE_PORT = Number(process.env.E2E_GITHUB_PORT ?? 3108);
export const GITHUB_DOUBLE_URL = `http://127.0.0.1:${GITHUB_DOUBLE_PORT}`;

/**
 * The e2e server's WEBHOOK_URL: a relay's address, as on an install behind smee.io. Not loopback,
 * so Rota installs hooks with it; nothing listens there, so the double delivers to Rota itself.
 */
export const E2E_WEBHOOK_URL = 'https://hooks.rota-e2e.example/webhook/github';

export interface GitHubPerson {
  id: number;
  login: string;
  name: string;
  email: string;
}

/** A GitHub user no other test uses (the server's database is shared by the whole run). */
export function newGitHubPerson(tag: string, name: string): GitHubPerson {
  const id = 10_000_000 + Math.floor(Math.random() * 80_000_000);
  return { id, login: `e2e-${tag}-${id}`, name, email: `e2e-gh-${tag}-${id}@example.com` };
}

/** Who is signed in on the double's "github.com", and whether they approve Rota there. */
export async function onGitHub(
  request: APIRequestContext,
  person: GitHubPerson,
  options: { deny?: boolean } = {},
): Promise<void> {
  const response = await request.post(`${GITHUB_DOUBLE_URL}/__double/oauth`, {
    data: {
      deny: options.deny === true,
      signedIn: {
        id: person.id,
        login: person.login,
        name: person.name,
        emails: [{ email: person.email, primary: true, verified: true }],
      },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** A repository on the double (its fields as `DoubleRepository` in the server's test double). */
export interface GitHubDoubleRepository {
  owner: string;
  name: string;
  private?: boolean;
  collaborators?: string[];
  stargazers?: number;
  forks?: number;
  language?: string;
  /** Open issues, pull requests aside (GraphQL `issues(states: OPEN)`). */
  openIssues?: number;
  pushedAt?: string;
  defaultBranch?: string;
  activity?: {
    commits?: Array<{ message: string; author: string; date: string }>;
    contributors?: Array<{ login: string; contributions: number }>;
    pulls?: GitHubDoublePull[];
  };
}

/** As `DoublePull` in the server's test double: REST `/pulls` and GraphQL serve the same. */
export interface GitHubDoublePull {
  number: number;
  title: string;
  author: string;
  head: string;
  createdAt: string;
  updatedAt?: string;
  state?: 'open' | 'closed' | 'merged';
  draft?: boolean;
  authorIsBot?: boolean;
  mergedAt?: string;
  additions?: number;
  deletions?: number;
  changedFiles?: number;
  reviews?: Array<{
    author: string;
    state: 'APPROVED' | 'CHANGES_REQUESTED' | 'COMMENTED';
    submittedAt: string;
  }>;
  comments?: number;
  /** The description (`body`). */
  body?: string | null;
  /** Changed files in GitHub's `diff-entry` shape, served by `/pulls/{n}/files`. */
  files?: Array<{
    filename: string;
    status: 'added' | 'removed' | 'modified' | 'renamed';
    additions: number;
    deletions: number;
    changes: number;
    patch?: string;
  }>;
}

/** Adds repositories to the double's GitHub, or replaces one of the same name (they stay for the rest of the run). */
export async function onGitHubRepositories(
  request: APIRequestContext,
  repositories: GitHubDoubleRepository[],
): Promise<void> {
  const response = await request.post(`${GITHUB_DOUBLE_URL}/__double/repositories`, {
    data: { repositories },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** One hook's delivery as the double reports it (`DeliveryOutcome` in its hook-deliveries.ts). */
export interface GitHubDelivery {
  hookId: number;
  /** The URL the hook was installed with. */
  url: string;
  deliveryId: string;
  /** What the receiver answered; null when it could not be reached. */
  status: number | null;
  response: string;
}

/**
 * GitHub delivers a pull request event to the repository's hooks: the double builds GitHub's
 * payload for its seeded pull request, signs it with each hook's secret and posts it to `target`
 * (Rota's receiver; the hook's own URL names a relay that is not there).
 */
export async function deliverFromGitHub(
  request: APIRequestContext,
  order: { owner: string; repo: string; action: string; number: number; target: string },
): Promise<GitHubDelivery[]> {
  const response = await request.post(`${GITHUB_DOUBLE_URL}/__double/deliveries`, {
    data: { event: 'pull_request', ...order },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { deliveries: GitHubDelivery[] }).deliveries;
}
