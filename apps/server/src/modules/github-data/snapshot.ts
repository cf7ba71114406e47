import type { z } from 'zod';
import type {
  GitHubCommitSchema,
  GitHubContributorSchema,
  GitHubOpenPullRequestSchema,
} from '@rota/contracts';

/** What the refresh job stores about one repository (`github_repo_snapshots.data`). */
export interface RepoSnapshotData {
  repository: {
    name: string;
    full_name: string;
    private: boolean;
    html_url: string;
    stars: number;
    forks: number;
    language: string | null;
    updated_at: string;
    size: number;
    /**
     * Open issues, pull requests aside. Null when not measured (no GitHub token: GraphQL answers
     * nobody without one); absent from snapshots stored before Rota read it — also not measured.
     */
    open_issues?: number | null;
  };
  latest_commits: z.infer<typeof GitHubCommitSchema>[];
  open_pull_requests: z.infer<typeof GitHubOpenPullRequestSchema>[];
  contributors: Omit<z.infer<typeof GitHubContributorSchema>, 'repos'>[];
}

export interface RepoSnapshotRow {
  forge: string;
  repoKey: string;
  scope: string;
  data: RepoSnapshotData | null;
  fetchedAt: Date | null;
  error: { code: string; message: string } | null;
  attemptedAt: Date;
}

/** A repository of a forge, as the job and the reads name it. */
export interface RepoRef {
  forge: 'github';
  owner: string;
  repo: string;
}
