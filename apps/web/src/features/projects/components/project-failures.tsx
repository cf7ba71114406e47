import type { RepoFailure } from '@rota/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RepoFailureItem } from '../../../components/repo-failure-item';
import { repoFailureKeys, useRepoFailures } from '../api/get-repo-failures';
import { retryFailure } from '../api/retry-failure';

/**
 * The top of a project's Overview while something failed on its repositories: each failure with
 * its cause and the action that fixes it, done in place (switch to the default branch and analyse
 * again, edit the project's URL, try again) or, for a GitHub token, a link to Settings.
 */
export function ProjectFailures({
  projectId,
  switchBranch,
  editProject,
}: {
  projectId: string;
  switchBranch: (repoId: string, branch: string) => Promise<void>;
  editProject: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { data: failures } = useRepoFailures(projectId);
  if (!failures || failures.length === 0) return null;

  const act = async (failure: RepoFailure) => {
    if (failure.action === 'checkRepository') return editProject();
    if (failure.action === 'useDefaultBranch' && failure.defaultBranch)
      await switchBranch(failure.repoId, failure.defaultBranch);
    else if (failure.action === 'retry') await retryFailure(failure);
    else return;
    await client.invalidateQueries({ queryKey: repoFailureKeys.of(projectId) });
    await client.invalidateQueries({ queryKey: repoFailureKeys.of(null) });
  };

  return (
    <section
      aria-labelledby="project-failures-title"
      className="flex flex-col gap-2"
      data-testid="project-failures"
    >
      <h2 id="project-failures-title" className="text-lg font-semibold">
        {t('failures.pageTitle')}
      </h2>
      <ul className="grid gap-2 lg:grid-cols-2">
        {failures.map((failure) => (
          <RepoFailureItem
            key={`${failure.repoId}-${failure.source}`}
            failure={failure}
            showProject={false}
            onAction={failure.action === 'askAdministrator' ? undefined : act}
          />
        ))}
      </ul>
    </section>
  );
}
