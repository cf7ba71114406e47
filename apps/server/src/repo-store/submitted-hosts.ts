import { RepositoryHostMessages, type FieldError } from '@rota/contracts';
import { validationError } from '../lib/errors.js';
import { checkHost, type HostPolicy } from './host-policy.js';

export interface SubmissionHostPolicy extends HostPolicy {
  allowPrivateHosts: boolean;
}

/**
 * Refuses, when a URL is submitted, repositories whose host resolves to a loopback, private,
 * link-local/metadata or reserved address: a 400 naming the field and the reason, instead of a job
 * that fails later. A host that does not resolve now is let through (DNS may be down); its job
 * resolves again and fails with that reason. The fetch itself checks again and pins the address it
 * checked, so this is for the user's sake, not the only guard.
 */
export async function assertPublicHosts(
  repos: Array<{ host: string | null; path: string }>,
  policy: SubmissionHostPolicy,
): Promise<void> {
  if (policy.allowPrivateHosts) return;
  const verdicts = await Promise.all(
    repos.map(async (repo) => (repo.host ? await checkHost(repo.host, policy) : null)),
  );
  const errors: FieldError[] = [];
  verdicts.forEach((verdict, index) => {
    if (verdict?.verdict === 'refused')
      errors.push({ path: repos[index]!.path, message: RepositoryHostMessages[verdict.reason] });
  });
  if (errors.length > 0) throw validationError(errors);
}
