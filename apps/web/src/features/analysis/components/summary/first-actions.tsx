import { useTranslation } from 'react-i18next';
import { repoTitle } from '../../model/report-markdown';
import { actionTargetText } from '../../model/summary/action-text';
import type { Action } from '../../model/summary/first-actions';
import type { RenderDetailLink } from './detail-link';

/** A ranked list of findings, each naming its repositories and linking to the detail. */
export function ActionList({
  actions,
  renderLink,
  testId,
  start = 1,
}: {
  actions: readonly Action[];
  renderLink: RenderDetailLink;
  testId: string;
  start?: number;
}) {
  const { t, i18n } = useTranslation();
  return (
    <ol className="flex flex-col gap-3" data-testid={testId} start={start}>
      {actions.map((action, position) => (
        <li key={action.kind} className="flex gap-3" data-testid="action">
          <span
            aria-hidden="true"
            className="flex size-7 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200"
          >
            {start + position}
          </span>
          <div className="flex min-w-0 flex-col gap-1">
            <p className="font-medium">{t(`analysis.summary.actions.${action.kind}.title`)}</p>
            <ul className="flex flex-col gap-0.5 text-sm text-slate-700 dark:text-slate-300">
              {action.targets.map((target) => (
                <li key={target.repo.id} className="wrap-anywhere">
                  {renderLink({ view: action.view, index: target.index }, repoTitle(target.repo))}
                  {': '}
                  {actionTargetText(t, i18n.language, action, target)}
                </li>
              ))}
            </ul>
          </div>
        </li>
      ))}
    </ol>
  );
}

/**
 * "The three things to do first". Before any analysis has a result it says so; when the analyses
 * found nothing to fix it says that, rather than inventing work.
 */
export function FirstActions({
  first,
  analysedAny,
  renderLink,
}: {
  first: readonly Action[];
  analysedAny: boolean;
  renderLink: RenderDetailLink;
}) {
  const { t } = useTranslation();
  if (!analysedAny)
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="first-actions-empty">
        {t('analysis.summary.nothingAnalysed')}
      </p>
    );
  if (first.length === 0)
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="first-actions-none">
        {t('analysis.summary.nothingToFix')}
      </p>
    );
  return <ActionList actions={first} renderLink={renderLink} testId="first-actions" />;
}
