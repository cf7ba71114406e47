import type { Notification } from '@rota/contracts';

/**
 * What a write changed, published by the module that made it once the write is committed, for the
 * modules that build on those rows: analytics forgets the figures it stored for the projects
 * concerned, and later modules (notifications) may act on them. A writer names what it changed in
 * its own terms; it never needs to know who listens.
 */

/** A repository of a forge as the stores of forge data name it (`repoKeyOf`: owner/repo, lower case). */
export interface ForgeRepositoryChange {
  forge: 'github';
  repoKey: string;
}

export interface ChangeEvents {
  /** A project's repositories were added, removed or changed (branch, name, order). */
  'project.repositories-changed': { projectId: string };
  /**
   * A project was saved from its form: created, or edited with its list of repositories. Its forge
   * repositories are read again (GitHub figures, pull requests) with its owner's credentials.
   */
  'project.saved': {
    ownerId: string;
    projectId: string;
    repositories: Array<{ owner: string; repo: string; url: string }>;
  };
  /** A page of a repository's pull requests (with their reviews) was stored. */
  'pull-requests.stored': ForgeRepositoryChange;
  /** One of Rota's reviews of a pull request started or ended. */
  'review.stored': ForgeRepositoryChange & { reviewId: string };
  /** GitHub's figures of a repository (stars, issues, contributors) were stored. */
  'repository-figures.stored': ForgeRepositoryChange;
  /** An analysis of the repository at `repoUrl` was stored (or found stored) for its revision. */
  'analysis.stored': { repoUrl: string };
  /**
   * Work on a repository failed for good (its last attempt): an analysis, a mirror fetch or a
   * pull-request sync. `projectIds` are the projects it was done for (empty: every project holding
   * the repository); `code` is the job error code the web words (contracts' `job-errors`).
   */
  'work.failed': {
    work: 'analysis' | 'fetch' | 'sync';
    repository: { url: string; owner: string | null; repo: string | null };
    projectIds: string[];
    code: string;
    message: string;
    jobId: string | null;
  };
  /** A pull request broke a working agreement of its project: once per agreement and pull request. */
  'agreement.breached': AgreementBreach;
  /**
   * Deployments of a repository from one source were stored (GitHub deployments, releases,
   * workflow runs, or the mirror's tags); `repoKey`/`scope` as `deployments` keys them.
   */
  'deployments.stored': {
    repoKey: string;
    scope: string;
    source: 'deployments' | 'releases' | 'workflow_runs' | 'tags';
  };
  /** The commits each deployment of a repository brought were recorded (lead time can be read). */
  'deployment-commits.stored': { repoKey: string; scope: string };
  /** Incidents were stored: a repository's labelled issues, or ones posted to a project. */
  'incidents.stored': { repoKey: string | null; projectId: string | null };
  /** A project's teams, their members, or members' commit identities changed. */
  'teams.changed': { projectId: string };
  /** A project's delivery settings (deployment sources, patterns, incident labels) changed. */
  'delivery-settings.changed': { projectId: string };
  /** A notification was stored for a user (the e-mail outbox and the live stream act on it). */
  'notification.created': { userId: string; notification: Notification };
}

/** One broken working agreement, with what its notification and chat message are worded from. */
export interface AgreementBreach {
  breachId: string;
  projectId: string;
  agreementId: string;
  /** The agreement's kind and threshold, as the agreements module names them. */
  agreement: { kind: string; threshold: number | null };
  pullRequest: {
    repoKey: string;
    /** owner/repo as the forge spells it. */
    repository: string;
    number: number;
    title: string;
    url: string;
    authorLogin: string | null;
    /** Logins whose review is requested. */
    reviewers: string[];
  };
  breachedAt: Date;
}
