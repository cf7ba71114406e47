import { repositoryFullName } from '@rota/contracts';
import type { ReportRepo } from './report-model';

/** A repository as headings name it: its own name, and where it lives when that differs. */
export const repoTitle = (repo: ReportRepo) =>
  repo.name && repo.name !== repo.repo
    ? `${repo.name} (${repositoryFullName(repo)})`
    : repositoryFullName(repo);
