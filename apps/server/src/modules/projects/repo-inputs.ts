import { DEFAULT_BRANCH } from '@rota/contracts';
import {
  ErrorCodes,
  isValidBranchName,
  parseRepositoryUrl,
  ProjectMessages,
  ValidationMessages,
  type FieldError,
  type ParsedRepository,
  type RepoInput,
} from '@rota/contracts';
import { AppError, validationError } from '../../lib/errors.js';

export interface ResolvedRepo {
  parsed: ParsedRepository;
  name: string;
  branch: string;
}

/**
 * Turns the repos of a payload into parsed repositories, or throws: 400 with one error per bad URL
 * or branch (path `repos.<i>.url` / `.branch`), or 409 when one repository appears twice.
 * `pathPrefix` is '' for the single-repo route, whose fields are top-level.
 */
export function resolveRepoInputs(
  inputs: RepoInput[],
  allowLocal: boolean,
  pathPrefix = 'repos.',
): ResolvedRepo[] {
  const errors: FieldError[] = [];
  const resolved: ResolvedRepo[] = [];
  inputs.forEach((input, index) => {
    const at = pathPrefix ? `${pathPrefix}${index}.` : '';
    const result = parseRepositoryUrl(input.url, { allowLocal });
    if (!result.ok) {
      errors.push({ path: `${at}url`, message: ValidationMessages.invalidRepositoryUrl });
      return;
    }
    const hint = result.value.branchHint;
    // Empty: the repository's default branch, found when it is fetched (the mirror's HEAD).
    const branch = input.branch ?? (hint && isValidBranchName(hint) ? hint : DEFAULT_BRANCH);
    resolved.push({ parsed: result.value, name: input.name?.trim() || result.value.repo, branch });
  });
  if (errors.length > 0) throw validationError(errors);

  const seen = new Map<string, number>();
  const duplicates: FieldError[] = [];
  resolved.forEach((repo, index) => {
    if (seen.has(repo.parsed.key)) {
      duplicates.push({
        path: `${pathPrefix ? `${pathPrefix}${index}.` : ''}url`,
        message: ProjectMessages.duplicateRepo,
      });
    } else seen.set(repo.parsed.key, index);
  });
  if (duplicates.length > 0) {
    throw new AppError(ErrorCodes.conflict, ProjectMessages.duplicateRepo, duplicates);
  }
  return resolved;
}
