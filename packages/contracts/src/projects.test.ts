import { describe, expect, it } from 'vitest';
import { ValidationMessages as M } from './messages.js';
import {
  createProjectBodySchema,
  repoInputSchema,
  updateProjectBodySchema,
  type RepoUrlRules,
} from './projects.js';

const serverRules: RepoUrlRules = { allowLocal: false };

const issuesOf = (result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) =>
  result.success
    ? []
    : (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);

/** A payload breaking every rule it can: the name, and the URL and branch of several rows. */
const everythingWrong = {
  name: 'A',
  repos: [
    { url: 'https://github.com/acme/api', branch: 'main' },
    { url: 'not a url', branch: 'feature..x' },
    { url: '/srv/git/local-repo' },
    { url: 'https://github.com/acme/web', branch: '-rf' },
  ],
};
const everyBrokenRule = [
  `name: ${M.projectNameMin}`,
  `repos.1.url: ${M.invalidRepositoryUrl}`,
  `repos.1.branch: ${M.invalidBranchName}`,
  `repos.2.url: ${M.invalidRepositoryUrl}`,
  `repos.3.branch: ${M.invalidBranchName}`,
];

describe('project payload schemas report every broken rule at once', () => {
  it('create: the name and each row, in one answer', () => {
    expect(issuesOf(createProjectBodySchema(serverRules).safeParse(everythingWrong))).toEqual(
      everyBrokenRule,
    );
  });

  it('update: the same rules, when the fields are present', () => {
    expect(issuesOf(updateProjectBodySchema(serverRules).safeParse(everythingWrong))).toEqual(
      everyBrokenRule,
    );
    expect(
      updateProjectBodySchema(serverRules).safeParse({ description: 'only this' }).success,
    ).toBe(true);
  });

  it('accepts local paths only under rules that allow them', () => {
    const local = { url: '/srv/git/local-repo' };
    expect(repoInputSchema({ allowLocal: true }).safeParse(local).success).toBe(true);
    expect(issuesOf(repoInputSchema({ allowLocal: false }).safeParse(local))).toEqual([
      `url: ${M.invalidRepositoryUrl}`,
    ]);
  });

  it('reports a bad URL once, whatever is wrong with it', () => {
    const schema = repoInputSchema(serverRules);
    for (const url of ['', '   ', 'x'.repeat(3000), '--upload-pack=touch /tmp/x', 42]) {
      expect(issuesOf(schema.safeParse({ url }))).toEqual([`url: ${M.invalidRepositoryUrl}`]);
    }
  });

  it('keeps valid rows as they were written, branch empty meaning the default', () => {
    expect(
      createProjectBodySchema(serverRules).parse({
        name: ' Payments ',
        repos: [{ url: ' https://github.com/acme/api ', branch: '' }],
      }),
    ).toEqual({
      name: 'Payments',
      description: null,
      review_prompt: null,
      repos: [{ url: 'https://github.com/acme/api' }],
    });
  });
});
