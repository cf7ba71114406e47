import { useTranslation } from 'react-i18next';
import { cn } from '../../../../lib/cn';

const RADIUS = 52;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

export const scoreTone = (score: number) => (score >= 80 ? 'good' : score >= 50 ? 'fair' : 'poor');

const STROKES = {
  good: 'stroke-emerald-600 dark:stroke-emerald-400',
  fair: 'stroke-amber-500 dark:stroke-amber-400',
  poor: 'stroke-red-600 dark:stroke-red-400',
} as const;

/**
 * The README score as a ring. A meter for assistive technology ("72 of 100, fair"); the number and
 * its verdict are written inside, so nothing depends on seeing the colour.
 */
export function ScoreGauge({ score, size = 'md' }: { score: number; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  const value = Math.max(0, Math.min(100, Math.round(score)));
  const tone = scoreTone(value);
  const verdict = t(`analysis.readme.verdict.${tone}`);
  return (
    <div
      role="meter"
      aria-label={t('analysis.readme.score')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-valuetext={t('analysis.readme.scoreText', { score: value, verdict })}
      className={cn('relative shrink-0', size === 'md' ? 'size-36' : 'size-24')}
      data-testid="readme-score"
    >
      <svg viewBox="0 0 120 120" className="size-full -rotate-90" aria-hidden="true">
        <circle
          cx="60"
          cy="60"
          r={RADIUS}
          fill="none"
          strokeWidth="12"
          className="stroke-slate-200 dark:stroke-slate-800"
        />
        <circle
          cx="60"
          cy="60"
          r={RADIUS}
          fill="none"
          strokeWidth="12"
          strokeLinecap="round"
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - value / 100)}
          className={STROKES[tone]}
        />
      </svg>
      <span
        className="absolute inset-0 flex flex-col items-center justify-center"
        aria-hidden="true"
      >
        <span className={cn('font-bold tabular-nums', size === 'md' ? 'text-4xl' : 'text-2xl')}>
          {value}
        </span>
        <span className="text-xs text-slate-600 dark:text-slate-400">/ 100 · {verdict}</span>
      </span>
    </div>
  );
}
