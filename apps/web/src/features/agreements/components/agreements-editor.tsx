import {
  AGREEMENT_KINDS,
  AGREEMENT_THRESHOLDS,
  AgreementSetSchema,
  type AgreementSet,
  type AgreementSetting,
  type ProjectAgreements,
} from '@rota/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { Field, SelectField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { toApiError } from '../../../lib/api-error';
import { describeFailure } from '../../../lib/error-text';
import { notify } from '../../../lib/ui-store';
import { agreementKeys, previewAgreements, useSaveAgreements } from '../api/agreements-api';
import { agreementName, thresholdUnit } from '../model/agreement-text';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const PREVIEW_DELAY_MS = 300;

function timeZones(current: string): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  const zones = supported ? supported('timeZone') : [];
  return zones.includes(current) ? zones : [current, ...zones];
}

/** The form's state as the API takes it. */
function toSet(settings: ProjectAgreements): AgreementSet {
  return {
    agreements: settings.agreements.map(
      ({ kind, enabled, threshold, includeBots, includeAgents }) => ({
        kind,
        enabled,
        threshold,
        includeBots,
        includeAgents,
      }),
    ),
    workingTime: settings.workingTime,
  };
}

/**
 * Switches each agreement on or off, sets its threshold and the project's working time, and shows
 * before saving how often the set would have fired over the last 30 days (the server's rules).
 */
export function AgreementsEditor({
  projectId,
  settings,
  open,
  onClose,
}: {
  projectId: string;
  settings: ProjectAgreements;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t('agreements.editor.title')}
      description={t('agreements.editor.description')}
      size="lg"
    >
      {open && <EditorBody projectId={projectId} settings={settings} onClose={onClose} />}
    </Modal>
  );
}

function EditorBody({
  projectId,
  settings,
  onClose,
}: {
  projectId: string;
  settings: ProjectAgreements;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [set, setSet] = useState<AgreementSet>(() => toSet(settings));
  const save = useSaveAgreements(projectId);
  const parsed = useMemo(() => AgreementSetSchema.safeParse(set), [set]);
  // Each broken rule in the UI language, by the field it belongs to.
  const problems = new Map<string, string>();
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      const [, index] = issue.path;
      const kind = typeof index === 'number' ? set.agreements[index]?.kind : undefined;
      const range = kind ? AGREEMENT_THRESHOLDS[kind] : null;
      if (path.endsWith('.threshold') && range)
        problems.set(path, t('agreements.editor.invalidThreshold', range));
      else if (path === 'workingTime.weekdays')
        problems.set(path, t('agreements.editor.invalidWeekdays'));
      else if (path === 'workingTime.timeZone')
        problems.set(path, t('agreements.editor.invalidTimeZone'));
      else if (path === 'workingTime.end' && /^\d\d:\d\d$/.test(set.workingTime.end))
        problems.set(path, t('agreements.editor.invalidHours'));
      else if (path.startsWith('workingTime.'))
        problems.set(path, t('agreements.editor.invalidTime'));
    }
  // The preview follows the form once typing pauses, and only for a valid set.
  const [previewed, setPreviewed] = useState(set);
  useEffect(() => {
    const timer = setTimeout(() => setPreviewed(set), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [set]);
  const previewValid = useMemo(() => AgreementSetSchema.safeParse(previewed).success, [previewed]);
  const preview = useQuery({
    queryKey: [...agreementKeys.all(projectId), 'preview', previewed],
    queryFn: ({ signal }) => previewAgreements(projectId, previewed, signal),
    enabled: previewValid,
    placeholderData: keepPreviousData,
  });

  const update = (kind: AgreementSetting['kind'], change: Partial<AgreementSetting>) =>
    setSet((current) => ({
      ...current,
      agreements: current.agreements.map((agreement) =>
        agreement.kind === kind ? { ...agreement, ...change } : agreement,
      ),
    }));
  const updateTime = (change: Partial<AgreementSet['workingTime']>) =>
    setSet((current) => ({ ...current, workingTime: { ...current.workingTime, ...change } }));

  const submit = async () => {
    if (!parsed.success) return;
    try {
      await save.mutateAsync(parsed.data);
      notify.success(t('agreements.editor.saved'));
      onClose();
    } catch (error) {
      const { title, detail } = describeFailure(
        t,
        'agreements.editor.saveFailed',
        toApiError(error),
      );
      notify.error(title, detail ? { description: detail } : {});
    }
  };

  const byKind = new Map(preview.data?.agreements.map((item) => [item.kind, item.fired]));
  return (
    <form
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      data-testid="agreements-editor"
    >
      <PreviewLine preview={preview} valid={parsed.success} />
      <ul className="flex flex-col gap-3">
        {AGREEMENT_KINDS.map((kind) => {
          const index = set.agreements.findIndex((agreement) => agreement.kind === kind);
          const agreement = set.agreements[index]!;
          const unit = thresholdUnit(kind);
          const range = AGREEMENT_THRESHOLDS[kind];
          const fired = byKind.get(kind);
          return (
            <li
              key={kind}
              className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
              data-testid={`editor-${kind}`}
            >
              <CheckboxField
                label={t(`agreements.title.${kind}`)}
                description={t(`agreements.help.${kind}`)}
                checked={agreement.enabled}
                onChange={(event) => update(kind, { enabled: event.target.checked })}
              />
              {agreement.enabled && (
                <div className="flex flex-col gap-3 pl-7 sm:flex-row sm:flex-wrap sm:items-end">
                  {unit && range && (
                    <Field
                      className="sm:w-40"
                      label={t(`agreements.threshold.${unit}`)}
                      type="number"
                      inputMode="numeric"
                      min={range.min}
                      max={range.max}
                      value={agreement.threshold ?? ''}
                      error={problems.get(`agreements.${index}.threshold`)}
                      onChange={(event) =>
                        update(kind, {
                          threshold: event.target.value === '' ? null : Number(event.target.value),
                        })
                      }
                    />
                  )}
                  <div className="flex flex-col gap-2">
                    <CheckboxField
                      label={t('agreements.editor.includeBots')}
                      checked={agreement.includeBots}
                      onChange={(event) => update(kind, { includeBots: event.target.checked })}
                    />
                    <CheckboxField
                      label={t('agreements.editor.includeAgents')}
                      checked={agreement.includeAgents}
                      onChange={(event) => update(kind, { includeAgents: event.target.checked })}
                    />
                  </div>
                  {fired !== undefined && (
                    <p className="text-xs text-slate-600 sm:ml-auto dark:text-slate-400">
                      {agreementName(t, kind, agreement.threshold)}:{' '}
                      {t('agreements.broken', { count: fired })}
                    </p>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <fieldset className="flex flex-col gap-3">
        <legend className="text-sm font-semibold text-slate-900 dark:text-slate-100">
          {t('agreements.editor.workingTime')}
        </legend>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {t('agreements.editor.workingTimeHelp')}
        </p>
        <SelectField
          label={t('agreements.editor.timeZone')}
          value={set.workingTime.timeZone}
          error={problems.get('workingTime.timeZone')}
          onChange={(event) => updateTime({ timeZone: event.target.value })}
        >
          {timeZones(set.workingTime.timeZone).map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </SelectField>
        <div
          role="group"
          aria-label={t('agreements.editor.weekdays')}
          className="flex flex-col gap-2"
        >
          <span className="text-sm font-medium text-slate-800 dark:text-slate-200">
            {t('agreements.editor.weekdays')}
          </span>
          <div className="flex flex-wrap gap-3">
            {WEEKDAYS.map((day) => (
              <CheckboxField
                key={day}
                label={t(`agreements.weekday.${day}`)}
                checked={set.workingTime.weekdays.includes(day)}
                onChange={(event) =>
                  updateTime({
                    weekdays: event.target.checked
                      ? [...set.workingTime.weekdays, day].sort()
                      : set.workingTime.weekdays.filter((other) => other !== day),
                  })
                }
              />
            ))}
          </div>
          {problems.get('workingTime.weekdays') && (
            <p role="alert" className="text-xs text-red-700 dark:text-red-400">
              {problems.get('workingTime.weekdays')}
            </p>
          )}
        </div>
        <div className="grid grid-cols-2 gap-3 sm:max-w-sm">
          <Field
            label={t('agreements.editor.start')}
            type="time"
            value={set.workingTime.start}
            error={problems.get('workingTime.start')}
            onChange={(event) => updateTime({ start: event.target.value })}
          />
          <Field
            label={t('agreements.editor.end')}
            type="time"
            value={set.workingTime.end}
            error={problems.get('workingTime.end')}
            onChange={(event) => updateTime({ end: event.target.value })}
          />
        </div>
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
          {t('agreements.editor.cancel')}
        </Button>
        <Button type="submit" disabled={!parsed.success || save.isPending}>
          {t('agreements.editor.save')}
        </Button>
      </div>
    </form>
  );
}

function PreviewLine({
  preview,
  valid,
}: {
  preview: ReturnType<typeof useQuery<Awaited<ReturnType<typeof previewAgreements>>>>;
  valid: boolean;
}) {
  const { t } = useTranslation();
  let text: string;
  if (!valid && !preview.data) text = t('agreements.editor.previewFailed');
  else if (preview.data)
    text =
      preview.data.fired === 0
        ? t('agreements.editor.previewNone')
        : t('agreements.editor.previewFired', {
            fired: preview.data.fired,
            pullRequests: preview.data.pullRequests,
          });
  else if (preview.isError) text = t('agreements.editor.previewFailed');
  else text = t('agreements.editor.previewLoading');
  return (
    <div
      className="rounded-lg bg-indigo-50 px-3 py-2 text-sm text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100"
      aria-live="polite"
      aria-busy={preview.isFetching}
      data-testid="agreements-preview"
    >
      <span className="font-semibold">{t('agreements.editor.preview')}:</span> {text}
    </div>
  );
}
