import type { ScheduledJob } from '../../jobs/schedules.js';
import type { EventBus } from '../events/index.js';
import * as queries from './queries.js';
import { checksAuthor, evaluate } from './rules.js';
import type { AgreementsService } from './service.js';

/*
 * Breach detection (docs/agreements.md "When a breach is detected"): the open and recently ended
 * pull requests of the projects concerned are judged by the rules at the moment something changed
 * (a page of pull requests or one of Rota's reviews stored) and every five minutes for the breaches
 * time alone makes (a first review overdue, open too long). A breach is recorded once ever per
 * agreement and pull request; a new record is published as `agreement.breached` unless the pull
 * request broke the agreement before it was switched on.
 */

export const AGREEMENT_CHECK_JOB = 'agreement-check';
const EVERY_MS = 5 * 60_000;
const DAY = 86_400_000;
/** How far back ended pull requests are judged again (a merge synced late is still caught). */
export const DETECTION_WINDOW_DAYS = 30;

export interface BreachDetectorDeps {
  agreements: AgreementsService;
  events: EventBus;
  now?: () => number;
}

export class BreachDetector {
  constructor(private readonly deps: BreachDetectorDeps) {}

  /** Judges the projects given (every project with an agreement on when none are); new breaches. */
  async check(projectIds?: string[]): Promise<number> {
    const { db } = this.deps.agreements.deps;
    if (projectIds && projectIds.length === 0) return 0;
    let recorded = 0;
    for (const project of await queries.projectsWithEnabledAgreements(db, projectIds))
      recorded += await this.checkProject(project.id, project.ownerId);
    return recorded;
  }

  /** Judges the projects holding a forge repository. */
  async checkRepository(repoKey: string): Promise<number> {
    const { db } = this.deps.agreements.deps;
    return this.check(await queries.projectIdsWithRepository(db, repoKey));
  }

  private async checkProject(projectId: string, ownerId: string): Promise<number> {
    const { agreements, events } = this.deps;
    const { db } = agreements.deps;
    const now = new Date(this.deps.now?.() ?? Date.now());
    const [settings, rows] = await Promise.all([
      agreements.read(projectId),
      queries.listAgreements(db, projectId),
    ]);
    const enabled = rows.filter((row) => row.enabled);
    if (enabled.length === 0) return 0;
    const pulls = await agreements.facts(
      projectId,
      ownerId,
      new Date(now.getTime() - DETECTION_WINDOW_DAYS * DAY),
      now,
    );
    let recorded = 0;
    for (const agreement of enabled) {
      const kind = agreement.kind as Parameters<typeof evaluate>[0];
      const input = { threshold: agreement.threshold, workingTime: settings.workingTime, now };
      for (const pull of pulls) {
        if (!checksAuthor(agreement, pull.authorKind)) continue;
        const outcome = evaluate(kind, pull, input);
        if (outcome.status !== 'broken') continue;
        const notified = agreement.enabledAt !== null && outcome.at >= agreement.enabledAt;
        const breach = await queries.recordBreach(db, {
          agreementId: agreement.id,
          pullRequestId: pull.id,
          breachedAt: outcome.at,
          notified,
        });
        if (!breach) continue;
        recorded += 1;
        if (!notified) continue;
        await events.emit('agreement.breached', {
          breachId: breach.id,
          projectId,
          agreementId: agreement.id,
          agreement: { kind: agreement.kind, threshold: agreement.threshold },
          pullRequest: {
            repoKey: pull.repoKey,
            repository: pull.repository,
            number: pull.number,
            title: pull.title,
            url: pull.url,
            authorLogin: pull.authorLogin,
            reviewers: pull.reviewers,
          },
          breachedAt: outcome.at,
        });
      }
    }
    return recorded;
  }
}

/** Judges the repository's projects when its pull requests or one of Rota's reviews are stored. */
export function detectBreachesOnEvents(events: EventBus, detector: BreachDetector): void {
  events.on('pull-requests.stored', async ({ repoKey }) => {
    await detector.checkRepository(repoKey);
  });
  events.on('review.stored', async ({ repoKey }) => {
    await detector.checkRepository(repoKey);
  });
}

/** Every five minutes: the breaches time alone makes. */
export function agreementCheckSchedule(detector: BreachDetector): ScheduledJob {
  return {
    kind: AGREEMENT_CHECK_JOB,
    everyMs: EVERY_MS,
    handler: async () => ({ recorded: await detector.check() }),
  };
}
