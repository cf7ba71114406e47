import { CommunityFilesCheckSchema, type CommunityFilesCheck } from '@rota/contracts';
import { describe, expect, it } from 'vitest';
import { checkCommunityFiles } from './community-files.js';
import { withRepo } from './test-repo.js';

const byKind = (check: CommunityFilesCheck) =>
  Object.fromEntries(
    check.files.map((file) => [
      file.kind,
      file.found.map((found) => `${found.location}:${found.path}`),
    ]),
  );

describe('checkCommunityFiles', () => {
  it('finds every kind in the root, any case and extension', async () => {
    const check = await withRepo(
      {
        'readme.md': '',
        'LICENSE.txt': '',
        'Contributing.rst': '',
        'CODE_OF_CONDUCT.md': '',
        'security.md': '',
        CHANGES: '',
        'SUPPORT.md': '',
        'ISSUE_TEMPLATE.md': '',
        'PULL_REQUEST_TEMPLATE.md': '',
        CODEOWNERS: '',
        '.travis.yml': '',
        Jenkinsfile: '',
      },
      checkCommunityFiles,
    );
    expect(CommunityFilesCheckSchema.parse(check)).toEqual(check);
    expect(check).toMatchObject({ present: 11, total: 11 });
    expect(byKind(check)).toEqual({
      readme: ['root:readme.md'],
      license: ['root:LICENSE.txt'],
      contributing: ['root:Contributing.rst'],
      codeOfConduct: ['root:CODE_OF_CONDUCT.md'],
      security: ['root:security.md'],
      changelog: ['root:CHANGES'],
      support: ['root:SUPPORT.md'],
      issueTemplate: ['root:ISSUE_TEMPLATE.md'],
      pullRequestTemplate: ['root:PULL_REQUEST_TEMPLATE.md'],
      codeowners: ['root:CODEOWNERS'],
      ci: ['root:.travis.yml', 'root:Jenkinsfile'],
    });
    expect(check.files.every((file) => file.suggestionKey === null)).toBe(true);
  });

  it('finds them in .github/ and docs/, .github/ first, and template folders', async () => {
    const check = await withRepo(
      {
        '.github/README.md': '',
        'docs/README.md': '',
        '.github/CONTRIBUTING.md': '',
        'docs/CONTRIBUTING.md': '',
        'docs/code-of-conduct.md': '',
        '.github/SECURITY.md': '',
        'docs/HISTORY.md': '',
        '.github/SUPPORT.md': '',
        '.github/ISSUE_TEMPLATE/bug_report.yml': '',
        '.github/ISSUE_TEMPLATE/config.yml': '',
        'docs/PULL_REQUEST_TEMPLATE/feature.md': '',
        '.github/pull_request_template.md': '',
        'docs/CODEOWNERS': '',
        '.github/workflows/ci.yaml': '',
        '.gitlab-ci.yml': '',
        '.circleci/config.yml': '',
        'docs/LICENSE': '',
      },
      checkCommunityFiles,
    );
    expect(byKind(check)).toEqual({
      readme: ['github:.github/README.md', 'docs:docs/README.md'],
      license: [],
      contributing: ['github:.github/CONTRIBUTING.md', 'docs:docs/CONTRIBUTING.md'],
      codeOfConduct: ['docs:docs/code-of-conduct.md'],
      security: ['github:.github/SECURITY.md'],
      changelog: ['docs:docs/HISTORY.md'],
      support: ['github:.github/SUPPORT.md'],
      issueTemplate: [
        'github:.github/ISSUE_TEMPLATE/bug_report.yml',
        'github:.github/ISSUE_TEMPLATE/config.yml',
      ],
      pullRequestTemplate: [
        'github:.github/pull_request_template.md',
        'docs:docs/PULL_REQUEST_TEMPLATE/feature.md',
      ],
      codeowners: ['docs:docs/CODEOWNERS'],
      ci: ['other:.circleci/config.yml', 'github:.github/workflows/ci.yaml', 'root:.gitlab-ci.yml'],
    });
    expect(check.files.find((file) => file.kind === 'license')).toEqual({
      kind: 'license',
      present: false,
      found: [],
      suggestionKey: 'community.suggestion.addLicense',
    });
  });

  it('reports everything missing, with a suggestion each, and ignores look-alikes elsewhere', async () => {
    const check = await withRepo(
      {
        'src/README.md': '',
        'src/CONTRIBUTING.md': '',
        'docs/guide/SECURITY.md': '',
        '.github/workflows/notes.txt': '',
        'ci/jenkins.groovy': '',
        'CONTRIBUTORS.md': '',
      },
      checkCommunityFiles,
    );
    expect(check.present).toBe(0);
    expect(check.files.map((file) => file.suggestionKey)).toEqual([
      'community.suggestion.addReadme',
      'community.suggestion.addLicense',
      'community.suggestion.addContributing',
      'community.suggestion.addCodeOfConduct',
      'community.suggestion.addSecurityPolicy',
      'community.suggestion.addChangelog',
      'community.suggestion.addSupport',
      'community.suggestion.addIssueTemplate',
      'community.suggestion.addPullRequestTemplate',
      'community.suggestion.addCodeowners',
      'community.suggestion.addCi',
    ]);
  });

  it('counts a symlinked community file as present', async () => {
    const check = await withRepo({ 'docs/policy.md': 'x' }, checkCommunityFiles, (repo) =>
      repo.symlink('docs/policy.md', 'SECURITY.md').git('add', '-A'),
    );
    expect(byKind(check).security).toEqual(['root:SECURITY.md']);
  });
});
