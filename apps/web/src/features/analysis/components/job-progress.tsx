import type { JobSummary } from '@rota/contracts';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { stageLabel } from '../model/job-error';
import { formatPercent } from '../../../lib/format';

/**
 * A job's progress bar with its stage in words. The bar is a real progressbar for assistive
 * technology; the stage line is a polite status, so a screen reader hears each new stage once.
 */
export function JobProgress({
  job,
  label,
  className,
}: {
  job: Pick<JobSummary, 'progress' | 'stage' | 'status'>;
  label?: string;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const percent = Math.max(0, Math.min(100, Math.round(job.progress)));
  // "%40" in Turkish, "40%" in English.
  const shown = formatPercent(percent, i18n.language, 0);
  const stage = stageLabel(t, job);
  return (
    <div className={cn('flex flex-col gap-1.5', className)} data-testid="job-progress">
      <div className="flex items-center justify-between gap-3 text-sm">
        <span role="status" className="font-medium text-slate-800 dark:text-slate-200">
          {stage}
        </span>
        <span className="text-slate-600 tabular-nums dark:text-slate-400">{shown}</span>
      </div>
      <div
        role="progressbar"
        aria-label={label ?? t('analysis.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${shown} · ${stage}`}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div
          className="h-full rounded-full bg-indigo-600 transition-[width] duration-500 dark:bg-indigo-400"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
