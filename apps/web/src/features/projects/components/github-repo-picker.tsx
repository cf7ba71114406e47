import { ErrorCodes, type GitHubRepo } from '@rota/contracts';
import { useQuery } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { toApiError } from '../../../lib/api-error';
import { translateError } from '../../../lib/error-text';
import { ProviderIcon } from './provider-icon';
import { GITHUB_REPOS_PER_PAGE, githubReposQueryOptions } from '../api/list-github-repos';

export const PICKER_DEBOUNCE_MS = 300;

/** The search box's text, settled: what the list asks for 300 ms after the last keystroke. */
function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The user's GitHub repositories to pick from, searchable and paged. Each is a button (keyboard and
 * screen readers need nothing more); picking one hands it to the form, which fills a row. Without
 * a connected GitHub account the server answers 409 and only a hint is shown.
 */
export function GitHubRepoPicker({ onPick }: { onPick: (repo: GitHubRepo) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const [page, setPage] = useState(1);
  const search = useDebounced(input.trim(), PICKER_DEBOUNCE_MS);
  const regionId = useId();
  const statusId = useId();
  // A new search starts on its first page.
  const [pageSearch, setPageSearch] = useState(search);
  if (pageSearch !== search) {
    setPageSearch(search);
    setPage(1);
  }
  const query = useQuery({ ...githubReposQueryOptions({ search, page }), enabled: open });
  const error = query.error ? toApiError(query.error) : null;
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / GITHUB_REPOS_PER_PAGE)) : 1;
  const status = error
    ? translateError(t, error)
    : !data
      ? t('projects.picker.loading')
      : data.total === 0
        ? t('projects.picker.none')
        : t('projects.picker.count', { count: data.total, page, pages });

  return (
    <div className="flex flex-col gap-3" data-testid="github-repo-picker">
      <Button
        variant="secondary"
        className="self-start"
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen((value) => !value)}
      >
        <ProviderIcon provider="github" className="size-4" />
        {open ? t('projects.picker.close') : t('projects.picker.open')}
      </Button>
      {open && (
        <div
          id={regionId}
          role="region"
          aria-label={t('projects.picker.title')}
          className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
        >
          {error?.code === ErrorCodes.githubNotConnected ? (
            // No token is fixed in Settings (a token, or GitHub sign-in where the server has it),
            // not by a sign-in the server may not offer.
            <p className="flex flex-col gap-1 text-sm text-slate-600 dark:text-slate-400">
              <span>{t('failures.pickerNotConnected')}</span>
              <Link
                to="/settings"
                className="font-medium text-indigo-700 underline underline-offset-4 hover:no-underline dark:text-indigo-300"
              >
                {t('failures.actions.connectGitHub')}
              </Link>
            </p>
          ) : (
            <>
              <Field
                type="search"
                label={t('projects.picker.search')}
                placeholder={t('projects.picker.searchPlaceholder')}
                autoComplete="off"
                spellCheck={false}
                value={input}
                aria-describedby={statusId}
                onChange={(event) => setInput(event.target.value)}
                // Enter searches; it must not submit the project form around the picker.
                onKeyDown={(event) => {
                  if (event.key === 'Enter') event.preventDefault();
                }}
              />
              <p id={statusId} role="status" className="text-xs text-slate-600 dark:text-slate-400">
                {status}
                {data?.stale ? ` ${t('projects.picker.stale')}` : ''}
              </p>
              {data && data.repositories.length > 0 && (
                <ul className="flex flex-col gap-1" aria-busy={query.isFetching}>
                  {data.repositories.map((repo) => (
                    <li key={repo.fullName}>
                      <button
                        type="button"
                        className="flex w-full min-w-0 flex-col items-start gap-0.5 rounded-md px-2 py-2 text-left text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:hover:bg-slate-800"
                        onClick={() => onPick(repo)}
                      >
                        <span className="flex max-w-full items-center gap-1 font-medium break-all">
                          {repo.private && (
                            <Lock
                              className="size-3.5 shrink-0"
                              role="img"
                              aria-label={t('projects.picker.private')}
                            />
                          )}
                          {repo.fullName}
                        </span>
                        {repo.description && (
                          <span className="line-clamp-1 text-xs text-slate-600 dark:text-slate-400">
                            {repo.description}
                          </span>
                        )}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              {pages > 1 && (
                <div className="flex items-center justify-between gap-2">
                  <Button
                    variant="secondary"
                    className="px-3 py-1.5"
                    disabled={page <= 1}
                    onClick={() => setPage((value) => Math.max(1, value - 1))}
                  >
                    {t('projects.picker.previous')}
                  </Button>
                  <Button
                    variant="secondary"
                    className="px-3 py-1.5"
                    disabled={page >= pages}
                    onClick={() => setPage((value) => Math.min(pages, value + 1))}
                  >
                    {t('projects.picker.next')}
                  </Button>
                </div>
              )}
            </>
          )}
        </div>
      )}
    </div>
  );
}
