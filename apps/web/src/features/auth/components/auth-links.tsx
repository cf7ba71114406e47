import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export function OrDivider() {
  const { t } = useTranslation();
  return (
    <div className="my-5 flex items-center gap-3 text-xs text-slate-600 uppercase dark:text-slate-400">
      <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" aria-hidden="true" />
      {t('auth.or')}
      <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" aria-hidden="true" />
    </div>
  );
}

/** "No account? Sign up" and its mirror on the register page. */
export function SwitchLink({
  question,
  to,
  label,
}: {
  question: string;
  to: string;
  label: string;
}) {
  return (
    <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
      {question}{' '}
      <Link
        to={to}
        className="font-medium text-indigo-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-300"
      >
        {label}
      </Link>
    </p>
  );
}
