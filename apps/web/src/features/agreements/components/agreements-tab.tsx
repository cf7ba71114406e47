import {
  ANALYTICS_PERIODS,
  type AgreementCompliance,
  type ComplianceCounts,
  type ProjectAgreements,
} from '@rota/contracts';
import { ExternalLink, Handshake } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { SegmentedRadios } from '../../../components/ui/segmented-radios';
import { Skeleton } from '../../../components/ui/skeleton';
import { toApiError } from '../../../lib/api-error';
import { describeFailure } from '../../../lib/error-text';
import { formatDateTime, formatPercent } from '../../../lib/format';
import {
  useAgreementCompliance,
  useAgreementSettings,
  type ComplianceFilters,
} from '../api/agreements-api';
import { agreementName } from '../model/agreement-text';
import { AgreementsEditor } from './agreements-editor';

/** The address's `edit=agreements` opens the editor (the project's edit modal links here). */
export const EDIT_AGREEMENTS_PARAM = 'edit';
export const EDIT_AGREEMENTS_VALUE = 'agreements';

function Loading() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label={t('agreements.loading')}
      className="flex flex-col gap-4"
    >
      <Skeleton className="h-20 w-full rounded-xl" />
      <Skeleton className="h-48 w-full rounded-xl" />
    </div>
  );
}

/**
 * The project's working agreements: per agreement switched on, its compliance over the chosen
 * period, humans, bots and AI agents apart, and the pull requests that broke it; the editor.
 */
export function AgreementsTab({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [filters, setFilters] = useState<ComplianceFilters>({
    days: 30,
    bots: false,
    agents: false,
  });
  const settings = useAgreementSettings(projectId);
  const editing = params.get(EDIT_AGREEMENTS_PARAM) === EDIT_AGREEMENTS_VALUE;
  const setEditing = (open: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (open) next.set(EDIT_AGREEMENTS_PARAM, EDIT_AGREEMENTS_VALUE);
        else next.delete(EDIT_AGREEMENTS_PARAM);
        return next;
      },
      { replace: true },
    );

  if (settings.isError) {
    const { title, detail } = describeFailure(
      t,
      'agreements.loadFailed',
      toApiError(settings.error),
    );
    return (
      <ErrorState
        title={title}
        message={detail ?? t('errors.generic')}
        onRetry={() => void settings.refetch()}
        retrying={settings.isFetching}
      />
    );
  }
  if (!settings.data) return <Loading />;
  const anyOn = settings.data.agreements.some((agreement) => agreement.enabled);
  const editButton = (
    <Button variant={anyOn ? 'secondary' : 'primary'} onClick={() => setEditing(true)}>
      {t('agreements.edit')}
    </Button>
  );

  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="agreements-tab">
      {anyOn ? (
        <ComplianceView
          projectId={projectId}
          filters={filters}
          setFilters={setFilters}
          action={editButton}
        />
      ) : (
        <EmptyState
          icon={<Handshake className="size-8" />}
          title={t('agreements.emptyTitle')}
          description={t('agreements.emptyDescription')}
          action={editButton}
        />
      )}
      <AgreementsEditor
        projectId={projectId}
        settings={settings.data satisfies ProjectAgreements}
        open={editing}
        onClose={() => setEditing(false)}
      />
    </div>
  );
}

function ComplianceView({
  projectId,
  filters,
  setFilters,
  action,
}: {
  projectId: string;
  filters: ComplianceFilters;
  setFilters: (filters: ComplianceFilters) => void;
  action: ReactNode;
}) {
  const { t } = useTranslation();
  const query = useAgreementCompliance(projectId, filters);
  let body;
  if (query.data)
    body = (
      <div
        className="grid min-w-0 grid-cols-1 gap-4 lg:grid-cols-2"
        aria-busy={query.isPlaceholderData}
      >
        {query.data.agreements.map((agreement) => (
          <AgreementCard key={agreement.kind} agreement={agreement} />
        ))}
      </div>
    );
  else if (query.isError) {
    const { title, detail } = describeFailure(t, 'agreements.loadFailed', toApiError(query.error));
    body = (
      <ErrorState
        title={title}
        message={detail ?? t('errors.generic')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else body = <Loading />;

  return (
    <>
      <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end sm:gap-6">
          <SegmentedRadios
            legend={t('agreements.filters.period')}
            testId="agreements-period"
            options={ANALYTICS_PERIODS.map((days) => ({
              value: days,
              label: t('agreements.filters.days', { count: days }),
            }))}
            value={filters.days}
            onChange={(days) => setFilters({ ...filters, days })}
          />
          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">
              {t('agreements.filters.include')}
            </legend>
            <div className="flex flex-wrap gap-4">
              <CheckboxField
                label={t('agreements.filters.bots')}
                checked={filters.bots}
                onChange={(event) => setFilters({ ...filters, bots: event.target.checked })}
              />
              <CheckboxField
                label={t('agreements.filters.agents')}
                checked={filters.agents}
                onChange={(event) => setFilters({ ...filters, agents: event.target.checked })}
              />
            </div>
          </fieldset>
        </div>
        {action}
      </div>
      {body}
    </>
  );
}

function Counts({ counts }: { counts: ComplianceCounts }) {
  const { t } = useTranslation();
  return (
    <span className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
      <span>{t('agreements.kept', { count: counts.kept })}</span>
      <span>{t('agreements.broken', { count: counts.broken })}</span>
      <span>{t('agreements.pending', { count: counts.pending })}</span>
    </span>
  );
}

function AgreementCard({ agreement }: { agreement: AgreementCompliance }) {
  const { t, i18n } = useTranslation();
  const percent = (value: number | null) =>
    value === null ? t('agreements.noneChecked') : formatPercent(value, i18n.language);
  return (
    <Card className="flex min-w-0 flex-col gap-3 p-4" data-testid={`agreement-${agreement.kind}`}>
      <div className="flex flex-col gap-1">
        <h3 className="text-sm font-semibold text-slate-900 dark:text-slate-100">
          {agreementName(t, agreement.kind, agreement.threshold)}
        </h3>
        <p className="flex flex-wrap items-baseline gap-2">
          <span
            className="text-2xl font-semibold text-slate-900 dark:text-slate-100"
            data-testid="agreement-compliance"
          >
            {percent(agreement.compliance)}
          </span>
          <span className="text-xs text-slate-600 dark:text-slate-400">
            {t('agreements.compliance')} · {t('agreements.checked', { count: agreement.checked })}
          </span>
        </p>
        <Counts counts={agreement} />
      </div>
      <dl
        className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-3"
        data-testid="agreement-by-author"
      >
        {(['human', 'bot', 'agent'] as const).map((kind) => (
          <div key={kind} className="rounded-md bg-slate-50 p-2 dark:bg-slate-900">
            <dt className="text-xs font-medium text-slate-700 dark:text-slate-300">
              {t(`agreements.kind.${kind}`)}
            </dt>
            <dd className="flex flex-col gap-1">
              <span className="font-semibold">{percent(agreement.byAuthor[kind].compliance)}</span>
              <Counts counts={agreement.byAuthor[kind]} />
            </dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-col gap-2">
        <h4 className="text-xs font-semibold text-slate-800 uppercase dark:text-slate-200">
          {t('agreements.breaches')}
        </h4>
        {agreement.breaches.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('agreements.noBreaches')}</p>
        ) : (
          <ul
            className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800"
            data-testid="agreement-breaches"
          >
            {agreement.breaches.map((breach) => (
              <li
                key={`${breach.repository}#${breach.number}`}
                className="flex min-w-0 flex-col gap-0.5 py-2"
              >
                <a
                  href={breach.url}
                  target="_blank"
                  rel="noreferrer"
                  className="inline-flex min-w-0 items-center gap-1 text-sm font-medium wrap-anywhere text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300"
                >
                  <span className="min-w-0">
                    {breach.repository}#{breach.number} {breach.title}
                  </span>
                  <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
                </a>
                <span className="text-xs text-slate-600 dark:text-slate-400">
                  {breach.authorLogin && (
                    <>
                      {t('agreements.author')}: {breach.authorLogin} ·{' '}
                    </>
                  )}
                  {t('agreements.brokenAt')}:{' '}
                  <time dateTime={breach.breachedAt}>
                    {formatDateTime(breach.breachedAt, i18n.language)}
                  </time>
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
