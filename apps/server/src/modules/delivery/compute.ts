import {
  DEFAULT_DEPLOYMENT_PATTERNS,
  DEFAULT_INCIDENT_LABEL_PATTERN,
  DEPLOYMENT_SOURCES,
  type AnalyticsItem,
  type AuthorKind,
  type Delivery,
  type DeliveryGap,
  type DeploymentSource,
  type FlowStat,
} from '@rota/contracts';
import { dateIn, trendBuckets, type PeriodWindow } from '../../lib/periods.js';
import { failureRateBand, frequencyBand, leadTimeBand, restoreBand } from './bands.js';
import {
  FAILED_STATUSES,
  SUCCESS_STATUSES,
  type CatalogRow,
  type ChosenName,
  type CommitRow,
  type DeploymentRow,
  type IncidentRow,
  type PullRow,
} from './queries.js';

/*
 * The delivery figures from the rows the statements read (docs/metrics.md "Delivery (DORA)").
 * Every figure is the length of, or a statistic over, one list built here, and the drill-down lists
 * are those same lists: a figure's count equals its list's length by construction.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A repository of the project as the delivery figures read it. */
export interface DeliveryRepo {
  id: string;
  /** owner/repo as shown. */
  repository: string;
  /** `deployments.repo_key`: owner/repo (lower case) for GitHub, the mirror URL otherwise. */
  key: string;
  github: boolean;
}

export interface SourceChoice {
  source: 'auto' | DeploymentSource;
  pattern: string | null;
}

/** A case-insensitive pattern; one the JavaScript engine refuses matches nothing. */
function matcher(pattern: string): (value: string) => boolean {
  try {
    const regex = new RegExp(pattern, 'i');
    return (value) => regex.test(value);
  } catch {
    return () => false;
  }
}

export interface ChosenSource {
  repo: DeliveryRepo;
  source: DeploymentSource | null;
  chosen: boolean;
  pattern: string;
  names: string[];
  lastDeployedAt: string | null;
}

/**
 * Each repository's source: the project's choice, else (`auto`) the first of deployments,
 * releases, workflow runs and tags with a successful deployment whose name matches the source's
 * default pattern. A repository that is not on GitHub has tags only.
 */
export function chooseSources(
  repos: DeliveryRepo[],
  catalog: CatalogRow[],
  choices: Map<string, SourceChoice>,
): ChosenSource[] {
  return repos.map((repo) => {
    const allowed: readonly DeploymentSource[] = repo.github ? DEPLOYMENT_SOURCES : ['tags'];
    const rowsOf = (source: DeploymentSource, pattern: string) => {
      const matches = matcher(pattern);
      return catalog.filter(
        (row) => row.repo_key === repo.key && row.source === source && matches(row.name),
      );
    };
    const choice = choices.get(repo.id);
    const pick = (source: DeploymentSource, pattern: string, chosen: boolean): ChosenSource => {
      const rows = rowsOf(source, pattern);
      const last = rows
        .map((row) => row.last_succeeded_at)
        .filter((value): value is string => value !== null)
        .sort()
        .at(-1);
      return {
        repo,
        source,
        chosen,
        pattern,
        names: rows.map((row) => row.name),
        lastDeployedAt: last ?? null,
      };
    };
    if (choice && choice.source !== 'auto' && allowed.includes(choice.source))
      return pick(
        choice.source,
        choice.pattern ?? DEFAULT_DEPLOYMENT_PATTERNS[choice.source],
        true,
      );
    for (const source of allowed) {
      const candidate = pick(source, DEFAULT_DEPLOYMENT_PATTERNS[source], false);
      if (candidate.lastDeployedAt !== null) return candidate;
    }
    return {
      repo,
      source: null,
      chosen: false,
      pattern: DEFAULT_DEPLOYMENT_PATTERNS[allowed[0]!],
      names: [],
      lastDeployedAt: null,
    };
  });
}

/** The (repository, source, name) triples whose deployments count. */
export function chosenNames(sources: ChosenSource[]): ChosenName[] {
  return sources.flatMap((entry) =>
    entry.source === null
      ? []
      : entry.names.map((name) => ({ repo_key: entry.repo.key, source: entry.source!, name })),
  );
}

export interface DeliveryFacts {
  period: PeriodWindow;
  repos: DeliveryRepo[];
  sources: ChosenSource[];
  deployments: DeploymentRow[];
  pulls: PullRow[];
  /** Commits of repositories without pull requests deployed in the period. */
  commits: CommitRow[];
  incidents: IncidentRow[];
  incidentLabelPattern: string | null;
  kinds: AuthorKind[];
  /** GitHub logins (lower case) of the team asked for; null: everyone. */
  team: string[] | null;
}

/** Each list a delivery figure counts, by its drill-down metric. */
export interface DeliveryLists {
  deployments: AnalyticsItem[];
  failed_deployments: AnalyticsItem[];
  lead_time: AnalyticsItem[];
  incidents: AnalyticsItem[];
  time_to_restore: AnalyticsItem[];
  rework: AnalyticsItem[];
  stage_coding: AnalyticsItem[];
  stage_pickup: AnalyticsItem[];
  stage_review: AnalyticsItem[];
  stage_deploy: AnalyticsItem[];
}

const time = (value: string) => Date.parse(value);
const hours = (from: string, to: string) => (time(to) - time(from)) / HOUR_MS;

/** percentile_cont over sorted values. */
function percentile(sorted: number[], fraction: number): number | null {
  if (sorted.length === 0) return null;
  const position = fraction * (sorted.length - 1);
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  return sorted[lower]! + (sorted[upper]! - sorted[lower]!) * (position - lower);
}

interface Span<T> {
  row: T;
  /** Hours; null when the start is unknown. */
  value: number | null;
}

/** A FlowStat over spans: a negative or unknown span is not measurable, never clamped. */
function flowStat<T>(spans: Span<T>[]): { stat: FlowStat; measured: Array<Span<T>> } {
  const measured = spans.filter(
    (span): span is { row: T; value: number } => span.value !== null && span.value >= 0,
  );
  const sorted = measured.map((span) => span.value).sort((a, b) => a - b);
  return {
    stat: {
      count: measured.length,
      median: percentile(sorted, 0.5),
      p75: percentile(sorted, 0.75),
      avg: sorted.length ? sorted.reduce((sum, value) => sum + value, 0) / sorted.length : null,
      not_measurable: spans.length - measured.length,
    },
    measured,
  };
}

/** A merged pull request's title marks a fix: fix, hotfix, bugfix or bug as a word or a prefix. */
export const FIX_TITLE = /(^|[^a-z0-9])(fix|fixes|fixed|hotfix|bugfix|bug)([^a-z0-9]|$)/i;

/** The delivery answer (without project, period and authors) and the lists behind it. */
export function computeDelivery(facts: DeliveryFacts): {
  figures: Omit<Delivery, 'projectId' | 'period' | 'authors' | 'lastUpdated'>;
  lists: DeliveryLists;
} {
  const { period } = facts;
  const since = time(period.since);
  const until = time(period.until);
  // The period's days: from the start of the first to the last instant of the last, or now
  // (`until` is inclusive, as in lib/periods.ts).
  const inPeriod = (value: string | null) =>
    value !== null && time(value) >= since && time(value) <= until;
  const repoName = new Map(facts.repos.map((repo) => [repo.key, repo.repository]));
  const succeeded = (row: DeploymentRow) =>
    (SUCCESS_STATUSES as readonly string[]).includes(row.status);
  const failedStatus = (row: DeploymentRow) =>
    (FAILED_STATUSES as readonly string[]).includes(row.status);

  // ── Incidents: labelled issues matching the pattern, and posted ones ─────────────────────
  const labelPattern = facts.incidentLabelPattern ?? DEFAULT_INCIDENT_LABEL_PATTERN;
  const labelMatches = matcher(labelPattern);
  const incidents = facts.incidents.filter(
    (incident) => incident.source === 'api' || incident.labels.some(labelMatches),
  );

  // ── Deployments: sequences per repository and source, incidents attributed ───────────────
  const sequences = new Map<string, DeploymentRow[]>();
  for (const row of facts.deployments) {
    const key = `${row.repo_key}\u0000${row.source}`;
    const sequence = sequences.get(key);
    if (sequence) sequence.push(row);
    else sequences.set(key, [row]);
  }
  const sequenceOf = (row: DeploymentRow) => sequences.get(`${row.repo_key}\u0000${row.source}`)!;
  // Each deployment's place in its sequence (rows come oldest first).
  const placeOf = new Map<string, number>();
  for (const sequence of sequences.values())
    sequence.forEach((row, index) => placeOf.set(row.id, index));
  // An incident goes to the latest deployment that started at most 24 h before it: of its
  // repository for an issue, of any repository of the project for a posted one.
  const attributed = new Map<string, IncidentRow[]>();
  for (const incident of incidents) {
    const start = time(incident.started_at);
    let latest: DeploymentRow | undefined;
    for (const row of facts.deployments) {
      if (incident.source === 'issues' && row.repo_key !== incident.repo_key) continue;
      const at = time(row.deployed_at);
      if (at <= start && (!latest || at >= time(latest.deployed_at))) latest = row;
    }
    if (latest && start - time(latest.deployed_at) <= DAY_MS)
      attributed.set(latest.id, [...(attributed.get(latest.id) ?? []), incident]);
  }
  const failed = (row: DeploymentRow) => failedStatus(row) || attributed.has(row.id);
  const previousOf = (row: DeploymentRow) => sequenceOf(row)[placeOf.get(row.id)! - 1];
  const nextSuccessOf = (row: DeploymentRow) => {
    const sequence = sequenceOf(row);
    for (let index = placeOf.get(row.id)! + 1; index < sequence.length; index += 1)
      if (succeeded(sequence[index]!)) return sequence[index];
    return undefined;
  };

  const completedInPeriod = facts.deployments.filter((row) => inPeriod(row.deployed_at));
  const successes = completedInPeriod.filter(succeeded);
  const failures = completedInPeriod.filter(failed);

  const deploymentItem = (row: DeploymentRow, value: number | null = null): AnalyticsItem => ({
    type: 'deployment',
    repository: repoName.get(row.repo_key) ?? row.repo_key,
    name: row.name,
    source: row.source,
    sha: row.sha,
    deployed_at: row.deployed_at,
    failed: failed(row),
    url: row.url,
    value,
  });

  // ── Deployment frequency ──────────────────────────────────────────────────────────────────
  // Deployments are known when a chosen source holds one, of any date.
  const anySource =
    facts.deployments.length > 0 || facts.sources.some((entry) => entry.lastDeployedAt !== null);
  const dayOf = (row: DeploymentRow) => dateIn(time(row.deployed_at), period.timeZone);
  const weeks = period.days / 7;
  const deploymentDays = new Set(successes.map(dayOf));
  const perWeek = anySource ? successes.length / weeks : null;
  const daysPerWeek = anySource ? deploymentDays.size / weeks : null;
  const series = trendBuckets(period).buckets.map((bucket) => {
    const inBucket = successes.filter((row) => {
      const day = dayOf(row);
      return day >= bucket.from && day <= bucket.to;
    });
    return {
      from: bucket.from,
      to: bucket.to,
      deployments: inBucket.length,
      deployment_days: new Set(inBucket.map(dayOf)).size,
    };
  });

  // ── Change failure rate and recovery ──────────────────────────────────────────────────────
  const recovery = flowStat(
    failures.map((row) => {
      const next = nextSuccessOf(row);
      return { row, value: next ? hours(row.deployed_at, next.deployed_at) : null };
    }),
  );

  // ── Pull requests: the filter, lead time, stages, rework ──────────────────────────────────
  const team = facts.team ? new Set(facts.team) : null;
  const inTeam = (pull: PullRow) =>
    team === null || (pull.author_login !== null && team.has(pull.author_login.toLowerCase()));
  const teamPulls = facts.pulls.filter(inTeam);
  const kept = teamPulls.filter((pull) => facts.kinds.includes(pull.kind));
  const deployedInPeriod = (pull: PullRow) => inPeriod(pull.deployed_at);
  const leadSpan = (pull: PullRow): Span<PullRow> => ({
    row: pull,
    value: hours(pull.first_commit_at ?? pull.created_at, pull.deployed_at!),
  });
  const lead = flowStat(kept.filter(deployedInPeriod).map(leadSpan));
  // Repositories without pull requests: each deployed commit, authored → deployed. Commits carry
  // no author kind or GitHub login, so they count for people (humans) and for no team filter.
  const countCommits = facts.team === null && facts.kinds.includes('human');
  const commitLead = flowStat(
    (countCommits ? facts.commits : []).map((commit) => ({
      row: commit,
      value: commit.authored_at === null ? null : hours(commit.authored_at, commit.deployed_at),
    })),
  );
  const leadMeasured = lead.stat.count + commitLead.stat.count;
  const leadValues = [...lead.measured, ...commitLead.measured]
    .flatMap((span) => (span.value === null ? [] : [span.value]))
    .sort((a, b) => a - b);
  const leadStat: FlowStat = {
    count: leadMeasured,
    median: percentile(leadValues, 0.5),
    p75: percentile(leadValues, 0.75),
    avg: leadValues.length
      ? leadValues.reduce((sum, value) => sum + value, 0) / leadValues.length
      : null,
    not_measurable: lead.stat.not_measurable + commitLead.stat.not_measurable,
  };
  const mergedInPeriod = kept.filter((pull) => inPeriod(pull.merged_at));
  const coding = flowStat(
    mergedInPeriod.map((pull) => ({
      row: pull,
      value:
        pull.first_commit_at === null
          ? null
          : hours(pull.first_commit_at, pull.ready_for_review_at ?? pull.created_at),
    })),
  );
  const reviewed = mergedInPeriod.filter((pull) => pull.first_review_at !== null);
  const pickup = flowStat(
    reviewed.map((pull) => ({
      row: pull,
      value: hours(pull.ready_for_review_at ?? pull.created_at, pull.first_review_at!),
    })),
  );
  const review = flowStat(
    reviewed.map((pull) => ({ row: pull, value: hours(pull.first_review_at!, pull.merged_at) })),
  );
  const deploy = flowStat(
    kept
      .filter(deployedInPeriod)
      .map((pull) => ({ row: pull, value: hours(pull.merged_at, pull.deployed_at!) })),
  );

  // Rework: a successful deployment in the period that brought a fix, or that followed a failed
  // deployment of the same repository and source within 24 h (every author kind counts).
  const fixesBrought = new Set(
    facts.pulls
      .filter((pull) => pull.deployment_id !== null && FIX_TITLE.test(pull.title))
      .map((pull) => pull.deployment_id!),
  );
  const rework = successes.filter((row) => {
    if (fixesBrought.has(row.id)) return true;
    const previous = previousOf(row);
    return (
      previous !== undefined &&
      failed(previous) &&
      time(row.deployed_at) - time(previous.deployed_at) <= DAY_MS
    );
  });

  // ── Time to restore ───────────────────────────────────────────────────────────────────────
  const periodIncidents = incidents.filter((incident) => inPeriod(incident.started_at));
  const restore = flowStat(
    periodIncidents
      .filter((incident) => incident.resolved_at !== null)
      .map((incident) => ({
        row: incident,
        value: hours(incident.started_at, incident.resolved_at!),
      })),
  );

  // ── Gaps ──────────────────────────────────────────────────────────────────────────────────
  const githubRepos = facts.repos.some((repo) => repo.github);
  const leadGap = (count: number): DeliveryGap | null => {
    if (count > 0) return null;
    // Lead time belongs to the period of the deployment: without one in the period, that is why.
    if (!anySource || successes.length === 0) return 'noDeployments';
    if (githubRepos && mergedInPeriod.length === 0 && facts.commits.length === 0)
      return 'noMergedChanges';
    return 'notDeployedYet';
  };
  const pullGap = (count: number): DeliveryGap | null => {
    if (count > 0) return null;
    if (!githubRepos) return 'noForgeRepos';
    if (!anySource) return 'noDeployments';
    if (mergedInPeriod.length === 0) return 'noMergedChanges';
    return 'notDeployedYet';
  };
  const deploymentGap = (count: number): DeliveryGap | null => (count > 0 ? null : 'noDeployments');
  const changeFailureRate = completedInPeriod.length
    ? failures.length / completedInPeriod.length
    : null;

  // ── By author kind (whatever the authors filter; the team filter applies) ─────────────────
  const byAuthorKind = Object.fromEntries(
    (['human', 'bot', 'agent'] as const).map((kind) => {
      const deployed = teamPulls.filter((pull) => pull.kind === kind && deployedInPeriod(pull));
      return [kind, { lead_time: flowStat(deployed.map(leadSpan)).stat, changes: deployed.length }];
    }),
  ) as Delivery['byAuthorKind'];

  const pullItem = (pull: PullRow, value: number | null): AnalyticsItem => ({
    type: 'pull_request',
    repository: repoName.get(pull.repo_key) ?? pull.repo_key,
    number: pull.number,
    title: pull.title,
    url: pull.url,
    author: pull.author_login,
    author_kind: pull.kind,
    state: 'merged',
    created_at: pull.created_at,
    merged_at: pull.merged_at,
    value,
  });
  const commitItem = (commit: CommitRow, value: number | null): AnalyticsItem => ({
    type: 'commit',
    repository: repoName.get(commit.repo_key) ?? commit.repo_key,
    sha: commit.sha,
    title: commit.subject ?? '',
    author: commit.author_name,
    authored_at: commit.authored_at!,
    value,
  });
  const pullItems = (spans: Array<Span<PullRow>>) =>
    spans.map((span) => pullItem(span.row, span.value));
  const incidentItem = (incident: IncidentRow): AnalyticsItem => ({
    type: 'incident',
    title: incident.title,
    url: incident.url,
    source: incident.source,
    started_at: incident.started_at,
    resolved_at: incident.resolved_at,
    value: incident.resolved_at ? hours(incident.started_at, incident.resolved_at) : null,
  });

  const sourceDeployments = (key: string) => successes.filter((row) => row.repo_key === key).length;
  return {
    figures: {
      sources: facts.sources.map((entry) => ({
        repoId: entry.repo.id,
        repository: entry.repo.repository,
        source: entry.source,
        chosen: entry.chosen,
        pattern: entry.pattern,
        deployments: entry.source === null ? 0 : sourceDeployments(entry.repo.key),
        last_deployed_at: entry.lastDeployedAt,
      })),
      incidents: {
        sources: (['issues', 'api'] as const).filter((source) =>
          incidents.some((incident) => incident.source === source),
        ),
        count: periodIncidents.length,
        open: periodIncidents.filter((incident) => incident.resolved_at === null).length,
        labelPattern,
      },
      deployment_frequency: {
        deployments: successes.length,
        deployment_days: deploymentDays.size,
        per_week: perWeek,
        days_per_week: daysPerWeek,
        band: frequencyBand(perWeek, daysPerWeek),
        series,
        gap: anySource ? null : 'noDeployments',
      },
      lead_time: {
        ...leadStat,
        band: leadTimeBand(leadStat.median),
        gap: leadGap(leadStat.count),
      },
      change_failure_rate: {
        deployments: completedInPeriod.length,
        failed: failures.length,
        rate: changeFailureRate,
        band: failureRateBand(changeFailureRate),
        gap: deploymentGap(completedInPeriod.length),
      },
      time_to_restore: {
        ...restore.stat,
        band: restoreBand(restore.stat.median),
        gap: restore.stat.count > 0 ? null : 'noIncidents',
      },
      failed_deployment_recovery_time: {
        ...recovery.stat,
        gap: deploymentGap(completedInPeriod.length),
      },
      rework_rate: {
        deployments: successes.length,
        rework: rework.length,
        rate: successes.length ? rework.length / successes.length : null,
        gap: deploymentGap(successes.length),
      },
      stages: {
        coding: coding.stat,
        pickup: pickup.stat,
        review: review.stat,
        deploy: { ...deploy.stat, gap: pullGap(deploy.stat.count) },
      },
      byAuthorKind,
    },
    lists: {
      deployments: successes.map((row) => deploymentItem(row)),
      failed_deployments: failures.map((row) => deploymentItem(row)),
      lead_time: [
        ...pullItems(lead.measured),
        ...commitLead.measured.map((span) => commitItem(span.row, span.value)),
      ],
      incidents: periodIncidents.map(incidentItem),
      time_to_restore: restore.measured.map((span) => incidentItem(span.row)),
      rework: rework.map((row) => deploymentItem(row)),
      stage_coding: pullItems(coding.measured),
      stage_pickup: pullItems(pickup.measured),
      stage_review: pullItems(review.measured),
      stage_deploy: pullItems(deploy.measured),
    },
  };
}
