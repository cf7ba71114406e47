import {
  DEFAULT_DEPLOYMENT_PATTERNS,
  DEFAULT_INCIDENT_LABEL_PATTERN,
  DEPLOYMENT_SOURCES,
  DeliveryMessages,
  DeliverySettingsInputSchema,
  type Delivery,
  type DeliverySettings,
  type DeliverySettingsInput,
  type RepoDeliverySource,
} from '@rota/contracts';
import { Copy } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field, SelectField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { Skeleton } from '../../../components/ui/skeleton';
import { API_BASE_URL } from '../../../lib/api-config';
import { toApiError } from '../../../lib/api-error';
import { describeFailure } from '../../../lib/error-text';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/ui-store';
import {
  useCreateIncidentToken,
  useDeleteIncidentToken,
  useDeliverySettings,
  useSaveDeliverySettings,
} from '../api/delivery-api';

type Repository = Pick<Delivery['sources'][number], 'repoId' | 'repository'>;
type SourceChoice = RepoDeliverySource['source'];

const SOURCE_CHOICES: SourceChoice[] = ['auto', ...DEPLOYMENT_SOURCES];

/** The contracts' English messages, in the UI language. */
const MESSAGE_KEYS: Record<string, string> = {
  [DeliveryMessages.invalidPattern]: 'analytics.delivery.settings.invalidPattern',
  [DeliveryMessages.patternTooLong]: 'analytics.delivery.settings.patternTooLong',
  [DeliveryMessages.invalidSource]: 'analytics.delivery.settings.invalidSource',
};

/** Every repository the figures name, with the project's choice or `auto`. */
function toInput(settings: DeliverySettings, repositories: Repository[]): DeliverySettingsInput {
  const chosen = new Map(settings.repos.map((repo) => [repo.repoId, repo]));
  const repos = repositories.map(
    ({ repoId }) => chosen.get(repoId) ?? { repoId, source: 'auto' as const, pattern: null },
  );
  for (const repo of settings.repos)
    if (!repositories.some(({ repoId }) => repoId === repo.repoId)) repos.push(repo);
  return { repos, incidentLabelPattern: settings.incidentLabelPattern };
}

/** `curl` posting one incident with the token, as a paging tool would. */
export function incidentCurl(projectId: string, token: string): string {
  const origin = API_BASE_URL || window.location.origin;
  const body = JSON.stringify({
    externalId: 'INC-42',
    title: 'Checkout is down',
    startedAt: '2026-01-05T09:00:00Z',
    resolvedAt: null,
  });
  return [
    `curl -X POST ${origin}/api/projects/${encodeURIComponent(projectId)}/incidents \\`,
    `  -H 'Authorization: Bearer ${token}' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '${body}'`,
  ].join('\n');
}

/**
 * The project's delivery settings (docs/delivery.md): per repository where deployments come from
 * and which names count, the incident label pattern, and the token incident tools post with.
 */
export function DeliverySettingsDialog({
  projectId,
  repositories,
  open,
  onClose,
}: {
  projectId: string;
  repositories: Repository[];
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const settings = useDeliverySettings(projectId, open);
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t('analytics.delivery.settings.title')}
      description={t('analytics.delivery.settings.description')}
      size="lg"
    >
      {settings.data ? (
        <div className="flex flex-col gap-6">
          <SettingsForm
            projectId={projectId}
            settings={settings.data}
            repositories={repositories}
            onClose={onClose}
          />
          <IncidentToken projectId={projectId} settings={settings.data} />
        </div>
      ) : settings.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {
            describeFailure(t, 'analytics.delivery.settings.loadFailed', toApiError(settings.error))
              .title
          }
        </p>
      ) : (
        <div role="status" aria-busy="true" aria-label={t('analytics.delivery.settings.loading')}>
          <Skeleton className="h-40 w-full" />
        </div>
      )}
    </Modal>
  );
}

function SettingsForm({
  projectId,
  settings,
  repositories,
  onClose,
}: {
  projectId: string;
  settings: DeliverySettings;
  repositories: Repository[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [input, setInput] = useState<DeliverySettingsInput>(() => toInput(settings, repositories));
  const save = useSaveDeliverySettings(projectId);
  const parsed = useMemo(() => DeliverySettingsInputSchema.safeParse(input), [input]);
  const problems = new Map<string, string>();
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const key = MESSAGE_KEYS[issue.message];
      problems.set(issue.path.join('.'), key ? t(key) : issue.message);
    }
  const names = new Map(repositories.map((repo) => [repo.repoId, repo.repository]));
  const update = (index: number, change: Partial<RepoDeliverySource>) =>
    setInput((current) => ({
      ...current,
      repos: current.repos.map((repo, at) => (at === index ? { ...repo, ...change } : repo)),
    }));

  const submit = async () => {
    if (!parsed.success) return;
    try {
      await save.mutateAsync(parsed.data);
      notify.success(t('analytics.delivery.settings.saved'));
      onClose();
    } catch (error) {
      const { title, detail } = describeFailure(
        t,
        'analytics.delivery.settings.saveFailed',
        toApiError(error),
      );
      notify.error(title, detail ? { description: detail } : {});
    }
  };

  return (
    <form
      className="flex flex-col gap-5"
      data-testid="delivery-settings-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <fieldset className="flex flex-col gap-3">
        <legend className="text-sm font-semibold">
          {t('analytics.delivery.settings.deployments')}
        </legend>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {t('analytics.delivery.settings.deploymentsHelp')}
        </p>
        {input.repos.length === 0 && (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t('analytics.delivery.settings.noRepositories')}
          </p>
        )}
        {input.repos.map((repo, index) => {
          const name = names.get(repo.repoId) ?? repo.repoId;
          return (
            <div
              key={repo.repoId}
              className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3 sm:flex-row sm:items-start dark:border-slate-700"
              data-testid={`delivery-settings-${repo.repoId}`}
            >
              <SelectField
                className="sm:w-56"
                label={t('analytics.delivery.settings.source', { repository: name })}
                value={repo.source}
                onChange={(event) => {
                  const source = event.target.value as SourceChoice;
                  update(index, { source, ...(source === 'auto' ? { pattern: null } : {}) });
                }}
              >
                {SOURCE_CHOICES.map((source) => (
                  <option key={source} value={source}>
                    {t(`analytics.delivery.settings.sources.${source}`)}
                  </option>
                ))}
              </SelectField>
              <Field
                className="min-w-0 flex-1"
                label={t('analytics.delivery.settings.pattern', { repository: name })}
                value={repo.pattern ?? ''}
                disabled={repo.source === 'auto'}
                placeholder={repo.source === 'auto' ? '' : DEFAULT_DEPLOYMENT_PATTERNS[repo.source]}
                hint={
                  repo.source === 'auto'
                    ? t('analytics.delivery.settings.autoHint')
                    : t('analytics.delivery.settings.patternHint')
                }
                error={problems.get(`repos.${index}.pattern`)}
                spellCheck={false}
                onChange={(event) =>
                  update(index, { pattern: event.target.value === '' ? null : event.target.value })
                }
              />
            </div>
          );
        })}
      </fieldset>
      <Field
        label={t('analytics.delivery.settings.incidentLabels')}
        value={input.incidentLabelPattern ?? ''}
        placeholder={DEFAULT_INCIDENT_LABEL_PATTERN}
        hint={t('analytics.delivery.settings.incidentLabelsHint')}
        error={problems.get('incidentLabelPattern')}
        spellCheck={false}
        onChange={(event) =>
          setInput((current) => ({
            ...current,
            incidentLabelPattern: event.target.value === '' ? null : event.target.value,
          }))
        }
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
          {t('analytics.delivery.settings.cancel')}
        </Button>
        <Button type="submit" disabled={!parsed.success || save.isPending}>
          {t('analytics.delivery.settings.save')}
        </Button>
      </div>
    </form>
  );
}

function IncidentToken({ projectId, settings }: { projectId: string; settings: DeliverySettings }) {
  const { t, i18n } = useTranslation();
  const create = useCreateIncidentToken(projectId);
  const remove = useDeleteIncidentToken(projectId);
  // The token's value exists only in this answer: it is gone once the dialog closes.
  const [token, setToken] = useState<string | null>(null);
  const busy = create.isPending || remove.isPending;
  const { exists, createdAt } = settings.incidentToken;

  const fail = (key: string, error: unknown) => {
    const { title, detail } = describeFailure(t, key, toApiError(error));
    notify.error(title, detail ? { description: detail } : {});
  };
  const createToken = async () => {
    try {
      setToken((await create.mutateAsync()).token);
    } catch (error) {
      fail('analytics.delivery.token.createFailed', error);
    }
  };
  const deleteToken = async () => {
    try {
      await remove.mutateAsync();
      setToken(null);
      notify.success(t('analytics.delivery.token.deleted'));
    } catch (error) {
      fail('analytics.delivery.token.deleteFailed', error);
    }
  };
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      notify.success(t('analytics.delivery.token.copied'));
    } catch {
      notify.error(t('analytics.delivery.token.copyFailed'));
    }
  };

  return (
    <section
      className="flex flex-col gap-3 border-t border-slate-200 pt-4 dark:border-slate-700"
      aria-labelledby="incident-token-heading"
      data-testid="incident-token"
    >
      <h3 id="incident-token-heading" className="text-sm font-semibold">
        {t('analytics.delivery.token.title')}
      </h3>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {t('analytics.delivery.token.help')}
      </p>
      {token ? (
        <div className="flex flex-col gap-2" data-testid="incident-token-value">
          <p className="text-sm font-medium">{t('analytics.delivery.token.shownOnce')}</p>
          <div className="flex items-center gap-2">
            <code className="min-w-0 flex-1 rounded bg-slate-100 p-2 text-xs break-all dark:bg-slate-800">
              {token}
            </code>
            <Button variant="secondary" onClick={() => void copy(token)}>
              <Copy className="size-4" aria-hidden="true" />
              {t('analytics.delivery.token.copy')}
            </Button>
          </div>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            {t('analytics.delivery.token.example')}
          </p>
          <pre
            className="overflow-x-auto rounded bg-slate-100 p-2 text-xs dark:bg-slate-800"
            data-testid="incident-curl"
          >
            {incidentCurl(projectId, token)}
          </pre>
        </div>
      ) : (
        <p className="text-sm" data-testid="incident-token-state">
          {exists
            ? createdAt
              ? t('analytics.delivery.token.existsSince', {
                  date: formatDateTime(createdAt, i18n.language),
                })
              : t('analytics.delivery.token.exists')
            : t('analytics.delivery.token.none')}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled={busy} onClick={() => void createToken()}>
          {t(
            exists || token
              ? 'analytics.delivery.token.replace'
              : 'analytics.delivery.token.create',
          )}
        </Button>
        {(exists || token) && (
          <Button variant="danger" disabled={busy} onClick={() => void deleteToken()}>
            {t('analytics.delivery.token.delete')}
          </Button>
        )}
      </div>
    </section>
  );
}
