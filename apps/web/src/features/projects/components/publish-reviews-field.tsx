import { useId, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The project's "publish Rota's reviews to GitHub" switch: a checkbox with its label and a one-line
 * hint saying what it posts and the write access it needs, tied together for screen readers.
 */
export function PublishReviewsField(props: ComponentProps<'input'>) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        aria-describedby={`${id}-hint`}
        className="mt-0.5 size-4 shrink-0 rounded border-slate-400 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:border-slate-600 dark:accent-indigo-400"
        {...props}
      />
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {t('projects.form.publishReviews')}
        </label>
        <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
          {t('projects.form.publishReviewsHint')}
        </p>
      </div>
    </div>
  );
}
