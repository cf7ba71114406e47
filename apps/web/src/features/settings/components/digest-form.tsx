import { zodResolver } from '@hookform/resolvers/zod';
import {
  DIGEST_FREQUENCIES,
  NotificationSettingsSchema,
  type DigestFrequency,
  type NotificationSettings,
} from '@rota/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { SelectField } from '../../../components/ui/field';
import { SegmentedRadios } from '../../../components/ui/segmented-radios';
import { Spinner } from '../../../components/ui/spinner';
import { toApiError } from '../../../lib/api-error';
import { describeFailure, translateError, translateValidation } from '../../../lib/error-text';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/ui-store';
import { useDigestPreview } from '../api/get-digest-preview';
import { accountKeys } from '../api/query-keys';
import { useUpdateSettings } from '../api/update-settings';
import { placeFieldErrors } from '../form-schemas';
import { SaveButton } from './settings-section';

const DigestFormSchema = NotificationSettingsSchema.pick({
  digest: true,
  digestHour: true,
  digestWeekday: true,
});
type DigestValues = Pick<NotificationSettings, 'digest' | 'digestHour' | 'digestWeekday'>;
const FIELDS = ['digest', 'digestHour', 'digestWeekday'] as const;

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** 2024-01-01 was a Monday: weekday 1…7 (ISO) in the reader's language, from Intl. */
function weekdayName(day: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, day)),
  );
}

/** The server's field paths are the body's ("notifications.digestHour"); the form's are bare. */
const bare = (errors: ReadonlyArray<{ path: string; message: string }>) =>
  errors.map((error) => ({ ...error, path: error.path.replace(/^notifications\./, '') }));

/**
 * The digest e-mail's frequency, hour (in the user's time zone, named) and weekday, saved with
 * PUT /api/user/settings; and a preview of exactly what the next one would send.
 */
export function DigestForm({
  notifications,
  timeZone,
}: {
  notifications: NotificationSettings;
  /** The zone the hour is in: the user's chosen one, else the browser's. */
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const { mutateAsync } = useUpdateSettings();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DigestValues>({
    resolver: zodResolver(DigestFormSchema) as Resolver<DigestValues>,
    values: {
      digest: notifications.digest,
      digestHour: notifications.digestHour,
      digestWeekday: notifications.digestWeekday,
    },
    resetOptions: { keepDirtyValues: true },
  });
  const frequency = useWatch({ control, name: 'digest' });

  const submit = handleSubmit(async (values) => {
    try {
      await mutateAsync({ notifications: values });
      await client.invalidateQueries({ queryKey: accountKeys.digestPreview });
      notify.success(t('settings.notifications.digest.saved'));
    } catch (caught) {
      const error = toApiError(caught);
      placeFieldErrors(bare(error.errors), FIELDS, setError);
      const { title, detail } = describeFailure(t, 'settings.notifications.digest.failed', error);
      notify.error(title, detail ? { description: detail } : {});
    }
  });

  return (
    <div className="flex flex-col gap-4 border-t border-slate-200 pt-4 dark:border-slate-800">
      <div className="flex flex-col gap-1">
        <h3 className="text-base font-semibold">{t('settings.notifications.digest.title')}</h3>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t('settings.notifications.digest.description')}
        </p>
      </div>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-4"
        data-testid="settings-digest"
      >
        <Controller
          control={control}
          name="digest"
          render={({ field }) => (
            <SegmentedRadios<DigestFrequency>
              legend={t('settings.notifications.digest.frequency')}
              options={DIGEST_FREQUENCIES.map((value) => ({
                value,
                label: t(`settings.notifications.digest.${value}`),
              }))}
              value={field.value}
              onChange={field.onChange}
              testId="settings-digest-frequency"
            />
          )}
        />
        {errors.digest && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {translateValidation(t, errors.digest.message)}
          </p>
        )}
        {frequency !== 'off' && (
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label={t('settings.notifications.digest.hour')}
              hint={t('settings.notifications.digest.hourHint', { zone: timeZone })}
              error={translateValidation(t, errors.digestHour?.message)}
              {...register('digestHour', { valueAsNumber: true })}
            >
              {HOURS.map((hour) => (
                <option key={hour} value={hour}>
                  {`${String(hour).padStart(2, '0')}:00`}
                </option>
              ))}
            </SelectField>
            {frequency === 'weekly' && (
              <SelectField
                label={t('settings.notifications.digest.weekday')}
                error={translateValidation(t, errors.digestWeekday?.message)}
                {...register('digestWeekday', { valueAsNumber: true })}
              >
                {WEEKDAYS.map((day) => (
                  <option key={day} value={day}>
                    {weekdayName(day, i18n.language)}
                  </option>
                ))}
              </SelectField>
            )}
          </div>
        )}
        <SaveButton saving={isSubmitting} label={t('settings.notifications.digest.save')} />
      </form>
      <DigestPreviewPanel timeZone={timeZone} />
    </div>
  );
}

/** The saved settings' next digest: when it goes out, and its HTML (sandboxed) or plain text. */
function DigestPreviewPanel({ timeZone }: { timeZone: string }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [asText, setAsText] = useState(false);
  const preview = useDigestPreview(open);

  if (!open)
    return (
      <Button variant="secondary" className="self-start" onClick={() => setOpen(true)}>
        {t('settings.notifications.digest.preview')}
      </Button>
    );

  const data = preview.data;
  return (
    <div className="flex flex-col gap-3" data-testid="settings-digest-preview">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="text-sm font-semibold">{t('settings.notifications.digest.previewTitle')}</h4>
        <Button variant="ghost" onClick={() => setOpen(false)}>
          {t('settings.notifications.digest.close')}
        </Button>
      </div>
      {preview.isPending ? (
        <Spinner />
      ) : preview.isError ? (
        <ErrorState
          title={t('settings.notifications.digest.previewFailed')}
          message={translateError(t, toApiError(preview.error))}
          onRetry={() => void preview.refetch()}
          retrying={preview.isRefetching}
        />
      ) : data ? (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="digest-sends-at">
            {data.frequency === 'off' || !data.sendsAt
              ? t('settings.notifications.digest.offNote')
              : !data.hasContent
                ? t('settings.notifications.digest.nothingToSend')
                : t('settings.notifications.digest.sendsAt', {
                    time: formatDateTime(data.sendsAt, i18n.language, timeZone),
                  })}
          </p>
          <p className="text-sm font-medium wrap-anywhere">{data.subject}</p>
          <div className="flex gap-1" role="group">
            <Button
              variant={asText ? 'ghost' : 'secondary'}
              aria-pressed={!asText}
              onClick={() => setAsText(false)}
            >
              {t('settings.notifications.digest.showHtml')}
            </Button>
            <Button
              variant={asText ? 'secondary' : 'ghost'}
              aria-pressed={asText}
              onClick={() => setAsText(true)}
            >
              {t('settings.notifications.digest.showText')}
            </Button>
          </div>
          {asText ? (
            <pre className="max-h-96 overflow-auto rounded-md border border-slate-200 bg-slate-50 p-3 text-xs whitespace-pre-wrap wrap-anywhere dark:border-slate-800 dark:bg-slate-950">
              {data.text}
            </pre>
          ) : (
            <iframe
              title={t('settings.notifications.digest.previewTitle')}
              sandbox=""
              srcDoc={data.html}
              className="h-96 w-full rounded-md border border-slate-200 bg-white dark:border-slate-800"
            />
          )}
        </>
      ) : null}
    </div>
  );
}
