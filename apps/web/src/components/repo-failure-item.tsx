import type { RepoFailure } from '@rota/contracts';
import { AlertTriangle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { failureActionLabel, failureCause } from '../lib/failure-text';
import { Button } from './ui/button';

const actionLinkClasses =
  'inline-flex items-center rounded-md text-sm font-medium text-red-800 underline underline-offset-4 hover:no-underline focus-visible:outline-2 focus-visible:outline-red-700 dark:text-red-200';

/** Where an action is done when the page showing the failure cannot do it in place. */
export function failureActionPath(failure: RepoFailure): string | null {
  if (failure.action === 'connectGitHub') return '/settings';
  if (failure.action === 'none' || failure.action === 'askAdministrator') return null;
  return `/projects/${encodeURIComponent(failure.projectId)}`;
}

/**
 * One failed repository as every page shows it: what failed and why (in the UI language), where,
 * and the one action that fixes it — a button when the page can do it in place (`onAction`), else
 * a link to where it is done.
 */
export function RepoFailureItem({
  failure,
  showProject = true,
  onAction,
}: {
  failure: RepoFailure;
  showProject?: boolean;
  /** Does the action here (switch the branch, edit the project, analyse again). */
  onAction?: ((failure: RepoFailure) => Promise<void> | void) | undefined;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'pending' | 'failed'>('idle');
  const label = failureActionLabel(t, failure);
  const path = failureActionPath(failure);
  const inPlace = onAction !== undefined && failure.action !== 'connectGitHub';
  let action: ReactNode = null;
  if (label && inPlace) {
    action = (
      <Button
        variant={failure.action === 'retry' ? 'secondary' : 'primary'}
        disabled={state === 'pending'}
        data-testid="failure-action"
        onClick={() => {
          setState('pending');
          Promise.resolve(onAction(failure)).then(
            () => setState('idle'),
            () => setState('failed'),
          );
        }}
      >
        {label}
      </Button>
    );
  } else if (label && path) {
    action = (
      <Link to={path} className={actionLinkClasses} data-testid="failure-action">
        {label}
      </Link>
    );
  } else if (label) {
    action = (
      <span className="text-sm font-medium" data-testid="failure-action">
        {label}
      </span>
    );
  }
  return (
    <li
      className="flex min-w-0 flex-col items-start gap-1 rounded-lg border border-red-200 bg-red-50 p-3 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
      data-testid="repo-failure-item"
      data-code={failure.code}
    >
      <p className="flex items-center gap-2 text-sm font-semibold">
        <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
        {t(`failures.sources.${failure.source}`)}
      </p>
      <p className="text-sm break-words">{failureCause(t, failure)}</p>
      <p className="text-xs break-all opacity-90">
        {showProject ? `${failure.projectName} · ` : ''}
        {failure.repository}
      </p>
      {action}
      {state === 'failed' && <p className="text-sm">{t('failures.actionFailed')}</p>}
    </li>
  );
}
