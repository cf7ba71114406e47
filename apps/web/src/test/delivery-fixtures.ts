import {
  AnalyticsItemsSchema,
  DeliverySchema,
  DeliverySettingsSchema,
  type AnalyticsItem,
  type AnalyticsItems,
  type Delivery,
  type DeliverySettings,
  type FlowStat,
  type ResolvedPeriod,
} from '@rota/contracts';

/**
 * Delivery figures, delivery settings and item lists as the contracts define them; each is parsed
 * by its schema when built, so a fixture that drifts from the contract fails every test using it.
 */

export const periodFixture = (days = 30): ResolvedPeriod => ({
  days,
  preset: days,
  from: '2026-10-25',
  to: '2026-11-23',
  timeZone: 'UTC',
  since: '2026-10-25T00:00:00Z',
  until: '2026-11-23T10:00:00Z',
});

const stat = (median: number | null, p75: number | null, count: number): FlowStat => ({
  count,
  median,
  p75,
  avg: median,
  not_measurable: 0,
});

/** A project deploying from tags about daily: every key measured, banded by DORA 2024. */
export function deliveryFixture(overrides: Partial<Delivery> = {}): Delivery {
  return DeliverySchema.parse({
    projectId: 'p-1',
    period: periodFixture(),
    authors: 'humans',
    sources: [
      {
        repoId: 'r-1',
        repository: 'acme/payments-api',
        source: 'tags',
        chosen: false,
        pattern: '^v?\\d+\\.\\d+\\.\\d+$',
        deployments: 24,
        last_deployed_at: '2026-11-22T15:00:00Z',
      },
    ],
    incidents: { sources: ['issues'], count: 3, open: 1, labelPattern: '^incident$' },
    deployment_frequency: {
      deployments: 24,
      deployment_days: 18,
      per_week: 5.6,
      days_per_week: 4.2,
      band: { band: 'elite', year: 2024 },
      series: [],
      gap: null,
    },
    lead_time: { ...stat(20, 50, 30), band: { band: 'high', year: 2024 }, gap: null },
    change_failure_rate: {
      deployments: 24,
      failed: 3,
      rate: 0.125,
      band: { band: 'medium', year: 2024 },
      gap: null,
    },
    time_to_restore: { ...stat(30, 40, 2), band: { band: 'low', year: 2024 }, gap: null },
    failed_deployment_recovery_time: { ...stat(5, 8, 3), gap: null },
    rework_rate: { deployments: 24, rework: 2, rate: 2 / 24, gap: null },
    stages: {
      coding: stat(10, 20, 30),
      pickup: stat(3, 6, 30),
      review: stat(5, 9, 30),
      deploy: { ...stat(2, 4, 28), gap: null },
    },
    byAuthorKind: {
      human: { lead_time: stat(20, 50, 30), changes: 30 },
      bot: { lead_time: stat(null, null, 0), changes: 0 },
      agent: { lead_time: stat(null, null, 0), changes: 0 },
    },
    lastUpdated: '2026-11-23T10:00:00Z',
    ...overrides,
  });
}

export function deliverySettingsFixture(
  overrides: Partial<DeliverySettings> = {},
): DeliverySettings {
  return DeliverySettingsSchema.parse({
    repos: [],
    incidentLabelPattern: null,
    incidentToken: { exists: false, createdAt: null },
    ...overrides,
  });
}

export const pullRequestItem = (number: number, value: number | null = null): AnalyticsItem => ({
  type: 'pull_request',
  repository: 'acme/payments-api',
  number,
  title: `Change ${number}`,
  url: `https://github.com/acme/payments-api/pull/${number}`,
  author: 'aysekaya',
  author_kind: 'human',
  state: 'merged',
  created_at: '2026-11-01T09:00:00Z',
  merged_at: '2026-11-02T09:00:00Z',
  value,
});

export function itemsFixture(
  metric: AnalyticsItems['metric'],
  items: AnalyticsItem[],
  overrides: Partial<AnalyticsItems> = {},
): AnalyticsItems {
  return AnalyticsItemsSchema.parse({
    metric,
    period: periodFixture(),
    total: items.length,
    truncated: false,
    items,
    ...overrides,
  });
}
