import type { DigestPreview, UserSettings } from '@rota/contracts';
import type { Database } from '../../db/client.js';
import { repoKeyOf } from '../../db/repo-key.js';
import { mergeFlowIn, pullsWaitingForReview } from '../analytics/index.js';
import { repositoriesOf } from '../project-access/index.js';
import { repositoryFailures } from '../repo-failures/index.js';
import {
  projectHasContent,
  type AnalysisChange,
  type DigestBreach,
  type DigestData,
  type ProjectDigest,
} from './content.js';
import * as queries from './queries.js';
import { projectLines, renderDigest, type RenderedDigest } from './render.js';
import {
  HOUR_MS,
  nextSlot,
  previewSlotWhenOff,
  slotDueAt,
  type DigestSchedule,
  type DigestSlot,
} from './schedule.js';

/**
 * The e-mail the outbox sends (its `email` channel's payload): a type rather than an interface, so
 * that it is a JSON record the outbox can store.
 */
export type DigestEmail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  unsubscribeUrl: string;
  messageId: string;
};

/** What other modules give the digest; the composition root fills them. */
export interface DigestPorts {
  /** Working agreements broken in [from, to] in these projects (the agreements module). */
  breachesIn(projectIds: string[], from: string, to: string): Promise<DigestBreach[]>;
  /** The link that switches this user's digest off (the outbox module). */
  unsubscribeUrl(userId: string, topic: 'digest'): string | Promise<string>;
  /** Queues an e-mail; a second call with the same key sends nothing more (the outbox module). */
  enqueueEmail(input: { dedupeKey: string; payload: DigestEmail }): Promise<unknown>;
  /** Posts a project's part to its chat destinations (the chat module), once per key. */
  postProjectDigest?(
    projectId: string,
    digest: { title: string; lines: string[]; link: string; dedupeKey: string },
  ): Promise<unknown>;
}

export interface DigestServiceDeps {
  db: Database;
  settings: { get(userId: string): Promise<UserSettings> };
  /** Rota's public base URL (links into Rota). */
  publicUrl: string;
  /** Whether e-mail can be sent at all (SMTP configured). */
  emailEnabled: boolean;
  ports: DigestPorts;
  now?: () => number;
}

/** Open pull requests listed as waiting for a first review, per project. */
const WAITING_TOP = 5;

export const scheduleOf = (settings: UserSettings): DigestSchedule => ({
  frequency: settings.notifications.digest,
  hour: settings.notifications.digestHour,
  weekday: settings.notifications.digestWeekday,
  timeZone: settings.preferences.timezone,
});

/** The digest's language: Turkish or English (other languages of spec §9 read English). */
const languageOf = (settings: UserSettings): 'tr' | 'en' =>
  settings.preferences.language === 'tr' ? 'tr' : 'en';

const iso = (instant: number) => new Date(instant).toISOString();

export interface SendResult {
  /** Users whose digest hour this run is. */
  due: number;
  /** E-mails handed to the outbox. */
  enqueued: number;
  /** Due digests with nothing in them (not sent). */
  empty: number;
  /** Project parts handed to the chat destinations. */
  posted: number;
}

/**
 * The digest (docs/digest.md): what a user's projects did over the last day or
 * week, built from what Rota stores, worded in the user's language and time zone; previewed on
 * request and sent by the hourly `digest-send` job at the user's hour.
 */
export class DigestService {
  constructor(private readonly deps: DigestServiceDeps) {}

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  private projectLink(projectId: string): string {
    return `${this.deps.publicUrl.replace(/\/$/, '')}/projects/${projectId}`;
  }

  /** The digest of `userId` over `slot`'s period, as data. */
  async build(
    userId: string,
    settings: UserSettings,
    slot: Pick<DigestSlot, 'from' | 'to' | 'previousFrom'>,
  ): Promise<DigestData> {
    const { db } = this.deps;
    const from = iso(slot.from);
    const to = iso(slot.to);
    const previousFrom = iso(slot.previousFrom);
    const projects = await queries.projectsOfUser(db, userId);
    const breaches = await this.deps.ports.breachesIn(
      projects.map((project) => project.id),
      from,
      to,
    );
    const parts: ProjectDigest[] = [];
    for (const project of projects) {
      const repos = await repositoriesOf(db, project.id);
      const forgeRepos = repos.filter((repo) => repo.provider === 'github');
      const scope = {
        repoKeys: [...new Set(forgeRepos.map(repoKeyOf))],
        userId: project.owner_id,
        authors: 'humans' as const,
      };
      const [now, before, waiting, reviews, failures, analyses] = await Promise.all([
        mergeFlowIn(db, scope, from, to),
        mergeFlowIn(db, scope, previousFrom, from),
        pullsWaitingForReview(db, scope, to, WAITING_TOP),
        queries.changesRequested(db, { ...scope, ownerId: project.owner_id, from, to }),
        repositoryFailures(db, project.owner_id, project.id),
        this.analysisChanges(repos, from, to),
      ]);
      const part: ProjectDigest = {
        projectId: project.id,
        name: project.name,
        link: this.projectLink(project.id),
        merged:
          forgeRepos.length === 0
            ? null
            : {
                count: now.merged,
                previous: before.merged,
                medianHours: now.medianHoursToMerge,
                previousMedianHours: before.medianHoursToMerge,
              },
        waiting: waiting.map((pull) => ({
          repository: pull.repo_key,
          number: pull.number,
          title: pull.title,
          url: pull.url,
          author: pull.author,
          waitingSince: pull.waiting_since,
          ageHours: (slot.to - Date.parse(pull.waiting_since)) / HOUR_MS,
        })),
        breaches: breaches
          .filter((breach) => breach.projectId === project.id)
          .sort((a, b) => b.breachedAt.localeCompare(a.breachedAt)),
        changesRequested: reviews.map((review) => ({
          repository: review.repo_key,
          number: review.number,
          title: review.title ?? '',
          url: review.url ?? '',
          at: review.at,
        })),
        failures: failures.map((failure) => ({
          repository: failure.repository,
          source: failure.source,
          code: failure.code,
          at: failure.at,
        })),
        analyses,
      };
      if (projectHasContent(part)) parts.push(part);
    }
    const frequency = settings.notifications.digest === 'weekly' ? 'weekly' : 'daily';
    return {
      userId,
      language: languageOf(settings),
      timeZone: settings.preferences.timezone,
      frequency,
      from,
      to,
      projects: parts,
      hasContent: parts.length > 0,
    };
  }

  /** Run-time cycles, README score and stale branches: newest stored now against before `from`. */
  private async analysisChanges(
    repos: Array<{ url: string; owner: string; repo: string; provider: string }>,
    from: string,
    to: string,
  ): Promise<AnalysisChange[]> {
    const rows = await queries.analysisFigures(this.deps.db, {
      repoUrls: repos.map((repo) => repo.url),
      from,
      to,
    });
    const changes: AnalysisChange[] = [];
    for (const repo of repos) {
      const of = (kind: queries.AnalysisFigures['kind'], at: 'before' | 'now') =>
        rows.find((row) => row.repo_url === repo.url && row.kind === kind && row.at === at);
      const nowRows = rows.filter((row) => row.repo_url === repo.url && row.at === 'now');
      if (nowRows.length === 0) continue;
      const repository = repo.provider === 'github' ? `${repo.owner}/${repo.repo}` : repo.url;
      const hasBefore = rows.some((row) => row.repo_url === repo.url && row.at === 'before');
      if (!hasBefore) {
        changes.push({
          repository,
          first: true,
          newCycles: [],
          readme: null,
          staleBranches: null,
        });
        continue;
      }
      const pair = (kind: 'readme' | 'branches', field: 'readme_score' | 'stale') => {
        const before = of(kind, 'before')?.[field];
        const now = of(kind, 'now')?.[field];
        return before !== null && before !== undefined && now !== null && now !== undefined
          ? before !== now
            ? { before, now }
            : null
          : null;
      };
      const cycleKey = (cycle: string[]) => [...cycle].sort().join('\u0000');
      const beforeDiagram = of('diagram', 'before');
      const nowDiagram = of('diagram', 'now');
      const known = new Set((beforeDiagram?.cycles ?? []).map(cycleKey));
      const newCycles =
        beforeDiagram && nowDiagram
          ? (nowDiagram.cycles ?? [])
              .filter((cycle) => !known.has(cycleKey(cycle)))
              .map((cycle) => cycle.map((id) => nowDiagram.labels?.[id] ?? id))
          : [];
      const change: AnalysisChange = {
        repository,
        first: false,
        newCycles,
        readme: pair('readme', 'readme_score'),
        staleBranches: pair('branches', 'stale'),
      };
      if (change.newCycles.length > 0 || change.readme || change.staleBranches)
        changes.push(change);
    }
    return changes;
  }

  /** `buildDigest(userId, now)`: the digest the user gets next as of `now`, as data. */
  async buildDigest(userId: string, now: number): Promise<{ data: DigestData; slot: DigestSlot }> {
    const settings = await this.deps.settings.get(userId);
    const schedule = scheduleOf(settings);
    const slot = nextSlot(schedule, now) ?? previewSlotWhenOff(schedule, now);
    return { data: await this.build(userId, settings, slot), slot };
  }

  async render(data: DigestData): Promise<RenderedDigest & { unsubscribeUrl: string }> {
    const unsubscribeUrl = await this.deps.ports.unsubscribeUrl(data.userId, 'digest');
    return { ...renderDigest(data, { unsubscribeUrl }), unsubscribeUrl };
  }

  /** `GET /api/notifications/digest/preview`: exactly what the next digest would send. */
  async preview(userId: string, now = this.now()): Promise<DigestPreview> {
    const settings = await this.deps.settings.get(userId);
    const schedule = scheduleOf(settings);
    const next = nextSlot(schedule, now);
    const slot = next ?? previewSlotWhenOff(schedule, now);
    const data = await this.build(userId, settings, slot);
    const rendered = await this.render(data);
    return {
      frequency: schedule.frequency,
      sendsAt: next ? iso(next.runAt) : null,
      from: data.from,
      to: data.to,
      subject: rendered.subject,
      html: rendered.html,
      text: rendered.text,
      hasContent: data.hasContent,
    };
  }

  /**
   * The hourly run at `runAt` (a whole UTC hour): every user whose digest hour (and weekday) this
   * is gets their digest queued, keyed `digest:{userId}:{local date}` so a rerun sends nothing
   * twice; the projects they own get their part posted to chat.
   */
  async sendDue(runAt: number): Promise<SendResult> {
    const { db, ports } = this.deps;
    const hour = Math.floor(runAt / HOUR_MS) * HOUR_MS;
    const result: SendResult = { due: 0, enqueued: 0, empty: 0, posted: 0 };
    const host = new URL(this.deps.publicUrl).hostname || 'rota';
    for (const recipient of await queries.digestRecipients(db)) {
      const settings = await this.deps.settings.get(recipient.id);
      const slot = slotDueAt(scheduleOf(settings), hour);
      if (!slot) continue;
      result.due += 1;
      const data = await this.build(recipient.id, settings, slot);
      if (!data.hasContent) {
        result.empty += 1;
        continue;
      }
      if (this.deps.emailEnabled) {
        const rendered = await this.render(data);
        await ports.enqueueEmail({
          dedupeKey: `digest:${recipient.id}:${slot.localDate}`,
          payload: {
            to: recipient.email,
            subject: rendered.subject,
            html: rendered.html,
            text: rendered.text,
            unsubscribeUrl: rendered.unsubscribeUrl,
            messageId: `<digest.${recipient.id}.${slot.localDate}@${host}>`,
          },
        });
        result.enqueued += 1;
      }
      if (ports.postProjectDigest) {
        // A project's chat gets one part per period: its owner's digest carries it.
        const owned = new Set(
          (await queries.projectsOfUser(db, recipient.id))
            .filter((project) => project.owner_id === recipient.id)
            .map((project) => project.id),
        );
        for (const project of data.projects.filter((part) => owned.has(part.projectId))) {
          await ports.postProjectDigest(project.projectId, {
            title: project.name,
            lines: projectLines(data, project),
            link: project.link,
            dedupeKey: `digest:project:${project.projectId}:${slot.localDate}`,
          });
          result.posted += 1;
        }
      }
    }
    return result;
  }
}
