import { repositoryFullName, type ProjectRepo } from '@rota/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { SelectField } from '../../../components/ui/field';

export const repoLabel = (repo: Pick<ProjectRepo, 'owner' | 'repo' | 'name'>) =>
  repo.name && repo.name !== repo.repo
    ? `${repo.name} (${repositoryFullName(repo)})`
    : repositoryFullName(repo);

/**
 * The repository shown in the analysis tabs, kept in the address (`?repo=`) so every tab, a reload
 * and a shared link show the same one. The first repository when none (or an unknown one) is named.
 */
export function useSelectedRepo(repos: readonly ProjectRepo[]) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('repo');
  const selected = repos.find((repo) => repo.id === asked) ?? repos[0] ?? null;
  const select = (id: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === repos[0]?.id) next.delete('repo');
        else next.set('repo', id);
        return next;
      },
      { replace: true },
    );
  return [selected, select] as const;
}

/** Shown only when the project has more than one repository. */
export function RepoPicker({
  repos,
  selected,
  onSelect,
}: {
  repos: readonly ProjectRepo[];
  selected: ProjectRepo | null;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation();
  if (repos.length < 2) return null;
  return (
    <SelectField
      label={t('analysis.repository')}
      value={selected?.id ?? ''}
      onChange={(event) => onSelect(event.target.value)}
      className="w-full max-w-sm"
      data-testid="repo-picker"
    >
      {repos.map((repo) => (
        <option key={repo.id} value={repo.id}>
          {repoLabel(repo)} · {repo.branch}
        </option>
      ))}
    </SelectField>
  );
}
