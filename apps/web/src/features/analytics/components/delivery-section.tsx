import type { Delivery, DeliveryGap, DoraBand, FlowStat } from '@rota/contracts';
import { Settings } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ItemsButton, useItemsScope } from '../../../components/items/items-scope';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { toApiError } from '../../../lib/api-error';
import { describeFailure } from '../../../lib/error-text';
import { formatDateTime, formatHours, formatNumber, formatRate } from '../../../lib/format';
import { periodParamsFromSearch } from '../../../lib/period-params';
import { useDelivery } from '../api/delivery-api';
import { DeliverySettingsDialog } from './delivery-settings-dialog';
import { Figure, Section } from './figure';

const BAND_TONES: Record<NonNullable<DoraBand['band']>, BadgeTone> = {
  elite: 'green',
  high: 'sky',
  medium: 'amber',
  low: 'red',
};

const STAGES = ['coding', 'pickup', 'review', 'deploy'] as const;
const STAGE_COLORS: Record<(typeof STAGES)[number], string> = {
  coding: 'bg-indigo-500',
  pickup: 'bg-sky-500',
  review: 'bg-amber-500',
  deploy: 'bg-emerald-500',
};

/** The gaps in the order they are explained: the first to set up comes first. */
const GAP_ORDER: DeliveryGap[] = [
  'noForgeRepos',
  'noDeployments',
  'noMergedChanges',
  'notDeployedYet',
  'noIncidents',
];

function BandBadge({ band }: { band: DoraBand }) {
  const { t } = useTranslation();
  if (!band.band) return null;
  return (
    <Badge tone={BAND_TONES[band.band]} data-testid="dora-band">
      {t('analytics.delivery.band', { band: t(`analytics.delivery.bands.${band.band}`) })}
    </Badge>
  );
}

/** A figure that a gap keeps from being computed: it says so, and points to the explanation. */
function GapValue({ gap }: { gap: DeliveryGap }) {
  const { t } = useTranslation();
  return (
    <span className="flex flex-col" data-testid="delivery-gap-value">
      <span className="text-base font-medium text-slate-600 dark:text-slate-400">
        {t('analytics.notMeasured')}
      </span>
      <span className="text-xs font-normal text-slate-600 dark:text-slate-400">
        {t(`analytics.delivery.gapShort.${gap}`)}
      </span>
    </span>
  );
}

function hoursOrNull(value: number | null, locale: string) {
  return value === null ? null : formatHours(value, locale);
}

/** The newest deployment of any repository, for "the last one was on …". */
function lastDeployment(delivery: Delivery): string | null {
  return delivery.sources.reduce<string | null>(
    (latest, source) =>
      source.last_deployed_at && (!latest || source.last_deployed_at > latest)
        ? source.last_deployed_at
        : latest,
    null,
  );
}

function GapNotes({
  delivery,
  gaps,
  onSettings,
}: {
  delivery: Delivery;
  gaps: DeliveryGap[];
  onSettings: () => void;
}) {
  const { t, i18n } = useTranslation();
  if (gaps.length === 0) return null;
  const last = lastDeployment(delivery);
  return (
    <ul className="flex flex-col gap-2" data-testid="delivery-gaps">
      {gaps.map((gap) => (
        <li
          key={gap}
          data-testid={`delivery-gap-${gap}`}
          className="flex flex-col items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          <p>
            {gap === 'noDeployments'
              ? last
                ? t('analytics.delivery.gap.noDeploymentsSince', {
                    date: formatDateTime(last, i18n.language),
                  })
                : t('analytics.delivery.gap.noDeploymentsEver')
              : gap === 'noIncidents'
                ? t('analytics.delivery.gap.noIncidents', {
                    pattern: delivery.incidents.labelPattern,
                  })
                : t(`analytics.delivery.gap.${gap}`)}
          </p>
          {(gap === 'noDeployments' || gap === 'noIncidents') && (
            <Button variant="secondary" onClick={onSettings}>
              {t(
                gap === 'noDeployments'
                  ? 'analytics.delivery.chooseSource'
                  : 'analytics.delivery.setUpIncidents',
              )}
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

function StagesBar({ stages }: { stages: Delivery['stages'] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const total = STAGES.reduce((sum, stage) => sum + (stages[stage].median ?? 0), 0);
  return (
    <div className="flex flex-col gap-2" data-testid="delivery-stages">
      <h3 className="text-sm font-semibold">{t('analytics.delivery.stages.title')}</h3>
      {total > 0 && (
        <div
          className="flex h-4 w-full overflow-hidden rounded bg-slate-100 dark:bg-slate-800"
          aria-hidden="true"
        >
          {STAGES.map((stage) => {
            const median = stages[stage].median ?? 0;
            return median > 0 ? (
              <span
                key={stage}
                className={`h-4 ${STAGE_COLORS[stage]}`}
                style={{ width: `${(median / total) * 100}%` }}
              />
            ) : null;
          })}
        </div>
      )}
      <ul className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
        {STAGES.map((stage) => {
          const stat: FlowStat = stages[stage];
          const label = t(`analytics.delivery.stages.${stage}`);
          const gap = stage === 'deploy' ? stages.deploy.gap : null;
          return (
            <li key={stage} className="flex flex-col gap-0.5" data-testid={`stage-${stage}`}>
              <span className="flex items-center gap-2 font-medium">
                <span className={`size-3 rounded-sm ${STAGE_COLORS[stage]}`} aria-hidden="true" />
                {label}
              </span>
              {stat.median === null ? (
                <span className="text-slate-600 dark:text-slate-400">
                  {t('analytics.notMeasured')}
                  {gap && ` · ${t(`analytics.delivery.gapShort.${gap}`)}`}
                </span>
              ) : (
                <span className="tabular-nums">
                  {t('analytics.delivery.stages.median', {
                    median: formatHours(stat.median, locale),
                  })}
                  {stat.p75 !== null &&
                    ` · ${t('analytics.delivery.p75', { time: formatHours(stat.p75, locale) })}`}
                </span>
              )}
              {stat.count > 0 && (
                <ItemsButton
                  metric={`stage_${stage}`}
                  label={label}
                  count={stat.count}
                  className="self-start text-xs"
                >
                  {t('analytics.delivery.measured', { count: stat.count })}
                </ItemsButton>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function SourcesList({ delivery }: { delivery: Delivery }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { incidents } = delivery;
  return (
    <div className="flex flex-col gap-2" data-testid="delivery-sources">
      <h3 className="text-sm font-semibold">{t('analytics.delivery.sources.title')}</h3>
      <ul className="flex flex-col gap-1 text-sm">
        {delivery.sources.map((source) => (
          <li
            key={source.repoId}
            className="flex flex-wrap gap-x-3 gap-y-0.5"
            data-testid={`delivery-source-${source.repoId}`}
          >
            <span className="font-medium">{source.repository}</span>
            <span>
              {source.source === null
                ? t('analytics.delivery.sources.none')
                : source.chosen
                  ? t('analytics.delivery.sources.chosen', {
                      source: t(`analytics.delivery.sources.kinds.${source.source}`),
                    })
                  : t('analytics.delivery.sources.automatic', {
                      source: t(`analytics.delivery.sources.kinds.${source.source}`),
                    })}
            </span>
            {source.source !== null && (
              <code className="text-xs text-slate-600 dark:text-slate-400">{source.pattern}</code>
            )}
            <span className="text-slate-600 dark:text-slate-400">
              {t('analytics.delivery.sources.deployments', { count: source.deployments })}
            </span>
            <span className="text-slate-600 dark:text-slate-400">
              {source.last_deployed_at
                ? t('analytics.delivery.sources.last', {
                    date: formatDateTime(source.last_deployed_at, locale),
                  })
                : t('analytics.delivery.sources.never')}
            </span>
          </li>
        ))}
      </ul>
      <p
        className="text-sm text-slate-600 dark:text-slate-400"
        data-testid="delivery-incident-sources"
      >
        {t('analytics.delivery.sources.incidents', {
          from:
            incidents.sources.length === 0
              ? t('analytics.delivery.sources.incidentsNone')
              : incidents.sources
                  .map((kind) =>
                    t(`analytics.delivery.sources.incidentKinds.${kind}`, {
                      pattern: incidents.labelPattern,
                    }),
                  )
                  .join(', '),
          count: formatNumber(incidents.count, locale),
          open: formatNumber(incidents.open, locale),
        })}
      </p>
    </div>
  );
}

function DeliveryFigures({ delivery, onSettings }: { delivery: Delivery; onSettings: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const {
    deployment_frequency: frequency,
    lead_time: lead,
    change_failure_rate: failure,
    time_to_restore: restore,
    failed_deployment_recovery_time: recovery,
    rework_rate: rework,
  } = delivery;
  const gaps = GAP_ORDER.filter((gap) =>
    [
      frequency.gap,
      lead.gap,
      failure.gap,
      restore.gap,
      recovery.gap,
      rework.gap,
      delivery.stages.deploy.gap,
    ].includes(gap),
  );
  const year = frequency.band.year;
  const p75 = (stat: FlowStat) =>
    stat.p75 === null
      ? undefined
      : t('analytics.delivery.p75', { time: formatHours(stat.p75, locale) });
  /** A figure, or what keeps it from being computed. */
  const figure = (
    key: string,
    gap: DeliveryGap | null,
    value: string | null,
    options: { metric: string; count: number; hint?: ReactNode; band?: DoraBand },
  ) => (
    <Figure
      testId={`delivery-${key}`}
      label={t(`analytics.delivery.figures.${key}`)}
      value={gap ? <GapValue gap={gap} /> : value}
      reason="noneInPeriod"
      hint={
        gap ? undefined : (
          <span className="flex flex-wrap items-center gap-2">
            {options.band && <BandBadge band={options.band} />}
            {options.hint}
          </span>
        )
      }
      {...(gap || options.count === 0 ? {} : { metric: options.metric, count: options.count })}
    />
  );
  return (
    <>
      <GapNotes delivery={delivery} gaps={gaps} onSettings={onSettings} />
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {figure(
          'deployment_frequency',
          frequency.gap,
          frequency.per_week === null
            ? null
            : t('analytics.delivery.perWeek', {
                value: formatNumber(frequency.per_week, locale, 1),
              }),
          {
            metric: 'deployments',
            count: frequency.deployments,
            band: frequency.band,
            hint: t('analytics.delivery.deploymentDays', {
              days: formatNumber(frequency.deployment_days, locale),
              count: frequency.deployments,
            }),
          },
        )}
        {figure('lead_time', lead.gap, hoursOrNull(lead.median, locale), {
          metric: 'lead_time',
          count: lead.count,
          band: lead.band,
          hint: p75(lead),
        })}
        {figure(
          'change_failure_rate',
          failure.gap,
          failure.rate === null ? null : formatRate(failure.rate, locale),
          {
            metric: 'failed_deployments',
            count: failure.failed,
            band: failure.band,
            hint: t('analytics.delivery.failedOf', {
              failed: formatNumber(failure.failed, locale),
              count: failure.deployments,
            }),
          },
        )}
        {figure('time_to_restore', restore.gap, hoursOrNull(restore.median, locale), {
          metric: 'time_to_restore',
          count: restore.count,
          band: restore.band,
          hint: p75(restore),
        })}
        {figure(
          'failed_deployment_recovery_time',
          recovery.gap,
          hoursOrNull(recovery.median, locale),
          { metric: 'failed_deployments', count: recovery.count, hint: p75(recovery) },
        )}
        {figure(
          'rework_rate',
          rework.gap,
          rework.rate === null ? null : formatRate(rework.rate, locale),
          {
            metric: 'rework',
            count: rework.rework,
            hint: t('analytics.delivery.reworkOf', {
              rework: formatNumber(rework.rework, locale),
              count: rework.deployments,
            }),
          },
        )}
        {figure('incidents', null, formatNumber(delivery.incidents.count, locale), {
          metric: 'incidents',
          count: delivery.incidents.count,
          hint: t('analytics.delivery.openIncidents', { count: delivery.incidents.open }),
        })}
      </dl>
      <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="dora-year">
        {t('analytics.delivery.thresholds', { year })}
      </p>
      <StagesBar stages={delivery.stages} />
      <SourcesList delivery={delivery} />
    </>
  );
}

/**
 * The Delivery section (docs/metrics.md "Delivery"): the four DORA keys with their bands, rework,
 * the cycle-time stages and where each repository's deployments come from. Every figure opens its
 * list; a figure that cannot be computed says why and what to set up.
 */
export function DeliverySection() {
  const { t } = useTranslation();
  const scope = useItemsScope();
  const [search] = useSearchParams();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const projectId = scope?.kind === 'project' ? scope.projectId : '';
  const query = useDelivery(projectId, periodParamsFromSearch(search), projectId !== '');
  if (!projectId) return null;
  const delivery = query.data;
  let body;
  if (delivery) {
    body = <DeliveryFigures delivery={delivery} onSettings={() => setSettingsOpen(true)} />;
  } else if (query.isError) {
    const { title, detail } = describeFailure(
      t,
      'analytics.delivery.loadFailed',
      toApiError(query.error),
    );
    body = (
      <ErrorState
        title={title}
        message={detail ?? t('errors.generic')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else {
    body = (
      <div role="status" aria-busy="true" aria-label={t('analytics.delivery.loading')}>
        <Skeleton className="h-40 w-full rounded-lg" />
      </div>
    );
  }
  return (
    <Section
      id="delivery"
      title={t('analytics.delivery.title')}
      actions={
        <Button variant="secondary" onClick={() => setSettingsOpen(true)}>
          <Settings className="size-4" aria-hidden="true" />
          {t('analytics.delivery.settings.open')}
        </Button>
      }
    >
      {body}
      {settingsOpen && (
        <DeliverySettingsDialog
          projectId={projectId}
          repositories={delivery?.sources ?? []}
          open={settingsOpen}
          onClose={() => setSettingsOpen(false)}
        />
      )}
    </Section>
  );
}
