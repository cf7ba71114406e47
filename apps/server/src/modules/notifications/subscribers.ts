import type { NotificationKind, NotificationSubject } from '@rota/contracts';
import type { Database } from '../../db/client.js';
import type {
  AgreementBreach,
  ChangeEvents,
  EventBus,
  ForgeRepositoryRef,
  PullRequestEvent,
  PullRequestReviewEvent,
} from '../events/index.js';
import type { ForgeRegistry } from '../forges/index.js';
import { mentionedLogins, newMentions } from './mentions.js';
import * as queries from './queries.js';
import { Recipients } from './recipients.js';
import type { NotificationDraft, NotificationsService } from './service.js';

type Json = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' ? value : null);
const loginOf = (user: unknown) => text((user as Json | null | undefined)?.login)?.toLowerCase();

/** Web app paths a notification leads to (the project page's tabs). */
export const links = {
  /**
   * The pull-requests tab opened on the pull request: the tab searches `#n` in every state. A
   * broken agreement leads there too: the pull request is what to act on.
   */
  pullRequest: (projectId: string, number: number) =>
    `/projects/${projectId}?tab=pull-requests&q=${encodeURIComponent(`#${number}`)}`,
  /** The overview, whose "What failed" lists it. */
  project: (projectId: string) => `/projects/${projectId}`,
};

interface PeopleDraft {
  kind: NotificationKind;
  eventKey: string;
  subject: NotificationSubject;
  detail: NotificationDraft['detail'];
  link: (projectId: string) => string;
  /** Lower-case logins to notify; `everyone`: every user of the project. */
  people: Set<string> | 'everyone';
  /** The owner of the project too, whoever the people are. */
  withOwner?: boolean;
  /** The login whose action it was: never notified of it. */
  actor: string | null;
}

/**
 * Turns what happened into notifications: forge events (assigned, review requested, mentioned,
 * merged), Rota's finished reviews, broken working agreements and failed work. Every recipient is
 * a user of the project concerned (its owner, or a member by GitHub login); the actor is never
 * told of their own action; the user's flags decide in `NotificationsService.deliver`.
 */
export function notifyOnEvents(deps: {
  db: Database;
  events: EventBus;
  forges: ForgeRegistry;
  notifications: NotificationsService;
}): () => void {
  const recipients = new Recipients(deps);

  const draftsFor = async (projectIds: string[], draft: PeopleDraft): Promise<void> => {
    const { projects, loginOf: logins } = await recipients.ofProjects(projectIds);
    const drafts: NotificationDraft[] = [];
    for (const project of projects) {
      for (const userId of project.userIds) {
        const login = logins.get(userId) ?? null;
        if (draft.actor && login === draft.actor) continue;
        const named =
          draft.people === 'everyone' ||
          (login !== null && draft.people.has(login)) ||
          (draft.withOwner === true && userId === project.ownerId);
        if (!named) continue;
        drafts.push({
          userId,
          kind: draft.kind,
          projectId: project.projectId,
          eventKey: draft.eventKey,
          subject: draft.subject,
          detail: draft.detail,
          link: draft.link(project.projectId),
        });
      }
    }
    await deps.notifications.deliver(drafts);
  };

  const pullRequestSubject = (
    repository: ForgeRepositoryRef,
    number: number,
    pullRequest: Json,
  ): NotificationSubject => ({
    type: 'pullRequest',
    repository: `${repository.owner}/${repository.repo}`,
    number,
    title: text(pullRequest.title),
    url: text(pullRequest.html_url),
  });

  const repositoryName = (repository: ForgeRepositoryRef) =>
    `${repository.host}/${repository.owner}/${repository.repo}`.toLowerCase();

  const onPullRequestPeople = async (
    event: PullRequestEvent | PullRequestReviewEvent,
    kind: NotificationKind,
    people: Set<string>,
    detail: NotificationDraft['detail'] = {},
  ) => {
    const actor = event.sender?.toLowerCase() ?? null;
    if (people.size === 0) return;
    const projectIds = await recipients.projectsOfGitHubRepository(event.repository);
    await draftsFor(projectIds, {
      kind,
      eventKey: `${kind}:delivery:${event.deliveryId}`,
      subject: pullRequestSubject(event.repository, event.number, event.pullRequest),
      detail: { actor, ...detail },
      link: (projectId) => links.pullRequest(projectId, event.number),
      people,
      actor,
    });
  };

  const offs = [
    deps.events.on('pull_request.assigned', (event) => {
      const assignee = loginOf(event.detail?.assignee);
      return onPullRequestPeople(event, 'prAssigned', new Set(assignee ? [assignee] : []), {
        role: 'assignee',
      });
    }),
    // A team's review request names no person: nobody is notified of it.
    deps.events.on('pull_request.review_requested', (event) => {
      const reviewer = loginOf(event.detail?.requested_reviewer);
      return onPullRequestPeople(event, 'prAssigned', new Set(reviewer ? [reviewer] : []), {
        role: 'reviewer',
      });
    }),
    deps.events.on('pull_request.opened', (event) =>
      onPullRequestPeople(
        event,
        'prMentioned',
        new Set([
          ...mentionedLogins(text(event.pullRequest.title)),
          ...mentionedLogins(text(event.pullRequest.body)),
        ]),
      ),
    ),
    deps.events.on('pull_request.edited', (event) => {
      const changes = (event.detail?.changes ?? {}) as Json;
      const before = (field: 'title' | 'body') => {
        const change = changes[field] as Json | undefined;
        return change && 'from' in change ? text(change.from) : text(event.pullRequest[field]);
      };
      return onPullRequestPeople(
        event,
        'prMentioned',
        new Set([
          ...newMentions(before('title'), text(event.pullRequest.title)),
          ...newMentions(before('body'), text(event.pullRequest.body)),
        ]),
      );
    }),
    deps.events.on('pull_request_review.submitted', (event) =>
      onPullRequestPeople(event, 'prMentioned', mentionedLogins(text(event.review.body)), {
        in: 'review',
      }),
    ),
    deps.events.on('pull_request.closed', async (event) => {
      if (event.pullRequest.merged !== true) return;
      const merger = loginOf(event.pullRequest.merged_by) ?? event.sender?.toLowerCase() ?? null;
      const projectIds = await recipients.projectsOfGitHubRepository(event.repository);
      await draftsFor(projectIds, {
        kind: 'prMerged',
        eventKey: `prMerged:${repositoryName(event.repository)}#${event.number}`,
        subject: pullRequestSubject(event.repository, event.number, event.pullRequest),
        detail: { actor: merger },
        link: (projectId) => links.pullRequest(projectId, event.number),
        people: 'everyone',
        actor: merger,
      });
    }),
    deps.events.on('review.stored', async (event) => {
      const found = await queries.findReviewWithPullRequest(deps.db, event.reviewId);
      if (!found || found.review.outcome !== 'reviewed' || !found.pullRequest) return;
      const { review, pullRequest } = found;
      const [owner, repo] = review.repoKey.split('/');
      if (!owner || !repo) return;
      const people = new Set<string>();
      if (pullRequest.authorLogin) people.add(pullRequest.authorLogin.toLowerCase());
      for (const request of pullRequest.reviewRequests)
        if (request.kind !== 'team') people.add(request.login.toLowerCase());
      const projectIds = await recipients.projectsOfRepository({
        url: `https://github.com/${review.repoKey}`,
        owner,
        repo,
      });
      await draftsFor(projectIds, {
        kind: 'prReviewed',
        eventKey: `prReviewed:${review.id}`,
        subject: {
          type: 'pullRequest',
          repository: repositoryOf(pullRequest.url) ?? review.repoKey,
          number: review.number,
          title: pullRequest.title,
          url: pullRequest.url,
        },
        detail: { verdict: review.status },
        link: (projectId) => links.pullRequest(projectId, review.number),
        people,
        actor: null,
      });
    }),
    deps.events.on('agreement.breached', (breach: AgreementBreach) => {
      const { pullRequest } = breach;
      const people = new Set(
        [pullRequest.authorLogin, ...pullRequest.reviewers]
          .filter((login): login is string => Boolean(login))
          .map((login) => login.toLowerCase()),
      );
      return draftsFor([breach.projectId], {
        kind: 'agreementBroken',
        eventKey: `agreement:${breach.breachId}`,
        subject: {
          type: 'pullRequest',
          repository: pullRequest.repository,
          number: pullRequest.number,
          title: pullRequest.title,
          url: pullRequest.url,
        },
        detail: { agreement: breach.agreement.kind, threshold: breach.agreement.threshold },
        link: (projectId) => links.pullRequest(projectId, pullRequest.number),
        people,
        withOwner: true,
        actor: null,
      });
    }),
    deps.events.on('work.failed', async (failure: ChangeEvents['work.failed']) => {
      const { repository } = failure;
      const projectIds =
        failure.projectIds.length > 0
          ? failure.projectIds
          : await recipients.projectsOfRepository(repository);
      const forge = deps.forges.forRepositoryUrl(repository.url);
      const name =
        repository.owner && repository.repo ? `${repository.owner}/${repository.repo}` : null;
      const day = new Date().toISOString().slice(0, 10);
      await draftsFor(projectIds, {
        kind: 'workFailed',
        // An analysis per job. Fetches and syncs per repository, code and day: the analyses of a
        // repository share one fetch, and every delivery may queue a sync that fails the same way.
        eventKey:
          failure.work === 'analysis' && failure.jobId
            ? `workFailed:job:${failure.jobId}`
            : `workFailed:${failure.work}:${repository.url}:${failure.code}:${day}`,
        subject: {
          type: 'repository',
          repository: name ?? repository.url,
          number: null,
          title: null,
          url: forge && name ? webPageOf(repository.url) : null,
        },
        detail: { work: failure.work, failure: failure.code },
        link: links.project,
        people: 'everyone',
        actor: null,
      });
    }),
  ];
  return () => offs.forEach((off) => off());
}

/** owner/repo of a pull request's web page (`https://host/owner/repo/pull/1`). */
function repositoryOf(url: string): string | null {
  try {
    const [owner, repo] = new URL(url).pathname.split('/').filter(Boolean);
    return owner && repo ? `${owner}/${repo}` : null;
  } catch {
    return null;
  }
}

/** The forge's web page of a repository URL (without `.git`). */
function webPageOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    parsed.pathname = parsed.pathname.replace(/\.git$/, '').replace(/\/$/, '');
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return null;
  }
}
