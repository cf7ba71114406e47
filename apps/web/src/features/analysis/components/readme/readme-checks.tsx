import type { ReadmeCheck, ReadmeCheckStatus } from '@rota/contracts';
import { CheckCircle2, CircleDashed, CircleSlash, XCircle } from 'lucide-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../../components/ui/badge';
import { evidenceText, isQuote } from '../../model/readme-evidence';

const STATUS: Record<
  ReadmeCheckStatus,
  { tone: BadgeTone; Icon: typeof CheckCircle2; icon: string }
> = {
  passed: { tone: 'green', Icon: CheckCircle2, icon: 'text-emerald-600 dark:text-emerald-400' },
  partial: { tone: 'amber', Icon: CircleDashed, icon: 'text-amber-600 dark:text-amber-400' },
  failed: { tone: 'red', Icon: XCircle, icon: 'text-red-600 dark:text-red-400' },
  notApplicable: { tone: 'slate', Icon: CircleSlash, icon: 'text-slate-500 dark:text-slate-400' },
};

/** The rubric of docs/metrics.md, one row per check: verdict, points, what to do, and what was seen. */
export function ReadmeChecks({ checks }: { checks: readonly ReadmeCheck[] }) {
  const { t } = useTranslation();
  return (
    <ul className="divide-y divide-slate-200 dark:divide-slate-800" data-testid="readme-checks">
      {checks.map((check) => {
        const { tone, Icon, icon } = STATUS[check.status];
        return (
          <li key={check.id} className="flex gap-3 py-3 first:pt-0 last:pb-0">
            <Icon className={`mt-0.5 size-5 shrink-0 ${icon}`} aria-hidden="true" />
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{t(`analysis.readme.checks.${check.id}`)}</span>
                <Badge tone={tone}>{t(`analysis.readme.checkStatus.${check.status}`)}</Badge>
                {check.status !== 'notApplicable' && (
                  <span className="text-xs text-slate-600 tabular-nums dark:text-slate-400">
                    {t('analysis.readme.points', { points: check.points, max: check.maxPoints })}
                  </span>
                )}
              </p>
              {check.suggestionKey && (
                <p className="text-sm text-slate-700 dark:text-slate-300">
                  {t(check.suggestionKey)}
                </p>
              )}
              {check.evidence.length > 0 && (
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  {check.evidence.slice(0, 5).map((item, index) => (
                    <Fragment key={index}>
                      {index > 0 && ' · '}
                      {item.line && `${t('analysis.readme.evidenceAt', { line: item.line })}: `}
                      {/* A quote from the README stays in the README's language. */}
                      <span translate={isQuote(item) ? 'no' : undefined}>
                        {evidenceText(t, item)}
                      </span>
                    </Fragment>
                  ))}
                  {check.evidence.length > 5 &&
                    ` · ${t('analysis.readme.moreEvidence', { count: check.evidence.length - 5 })}`}
                </p>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
