import type { EmptyPeriod } from '@rota/contracts';
import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import type { PeriodChoice } from '../../../lib/period';

/** The last activity's day, written out in the UI language ("14 Ağustos 2026"), in the user's zone. */
function longDay(moment: string, locale: string, timeZone: string | undefined) {
  const format = (zone: string | undefined) =>
    new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      ...(zone ? { timeZone: zone } : {}),
    }).format(new Date(moment));
  try {
    return format(timeZone);
  } catch {
    return format('UTC');
  }
}

/**
 * When the chosen period holds no activity: when the last was, and a way to the period of the
 * same length that ends on it. A project without any activity says so instead.
 */
export function EmptyPeriodNotice({
  emptyPeriod,
  timeZone,
  onChoose,
}: {
  emptyPeriod: EmptyPeriod | null | undefined;
  timeZone?: string | undefined;
  onChoose: (period: PeriodChoice) => void;
}) {
  const { t, i18n } = useTranslation();
  if (!emptyPeriod) return null;
  const { last_activity_at: last, suggestion } = emptyPeriod;
  return (
    <div
      role="status"
      data-testid="empty-period"
      className="flex flex-col gap-2 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="flex items-start gap-2">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {last === null
          ? t('analytics.emptyPeriod.never')
          : t('analytics.emptyPeriod.none', {
              date: longDay(last, i18n.language, timeZone),
            })}
      </p>
      {last !== null && suggestion && (
        <Button
          variant="secondary"
          className="self-start sm:self-auto"
          onClick={() => onChoose({ from: suggestion.from, to: suggestion.to })}
        >
          {t('analytics.emptyPeriod.show')}
        </Button>
      )}
    </div>
  );
}
