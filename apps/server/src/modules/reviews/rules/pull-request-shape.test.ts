import { describe, expect, it } from 'vitest';
import { descriptionProse } from './pull-request-shape.js';
import { addedFile, findingsOf, modifiedFile } from './test-kit.js';

const small = [modifiedFile('src/app.js', '@@ -1 +1 @@\n-const port = 3000;\n+const port = 8080;')];

describe('pr.too-large', () => {
  it('reports more than 1,000 changed lines', () => {
    expect(
      findingsOf('pr.too-large', small, { pr: { additions: 900, deletions: 101 } }),
    ).toMatchObject([{ severity: 'medium', file: null }]);
  });

  it('reports more than 50 files', () => {
    expect(findingsOf('pr.too-large', small, { pr: { changedFiles: 51 } })).toHaveLength(1);
  });

  it('does not count lockfiles, so a dependency bump with a big lockfile is not large', () => {
    const lockfile = { ...modifiedFile('package-lock.json', '@@ -1 +1 @@\n-a\n+b'), changes: 3000 };
    expect(
      findingsOf('pr.too-large', [...small, lockfile], {
        pr: { additions: 1600, deletions: 1402 },
      }),
    ).toEqual([]);
    expect(findingsOf('pr.too-large', small, { pr: { additions: 600, deletions: 400 } })).toEqual(
      [],
    );
  });
});

describe('pr.missing-description', () => {
  const template = [
    '## What does this change?',
    '<!-- Describe your change and why it is needed. -->',
    '',
    '## Checklist',
    '- [ ] Tests added',
    '- [ ] Docs updated',
  ].join('\n');

  it('reports an empty body and an untouched template', () => {
    expect(findingsOf('pr.missing-description', small, { pr: { body: null } })).toHaveLength(1);
    expect(findingsOf('pr.missing-description', small, { pr: { body: template } })).toMatchObject([
      { severity: 'low' },
    ]);
    expect(findingsOf('pr.missing-description', small, { pr: { body: 'fix' } })).toHaveLength(1);
  });

  it('accepts a filled-in template', () => {
    const filled = template.replace(
      '<!--',
      'Moves the port to 8080 for the new load balancer.\n<!--',
    );
    expect(descriptionProse(filled)).toBe('Moves the port to 8080 for the new load balancer.');
    expect(findingsOf('pr.missing-description', small, { pr: { body: filled } })).toEqual([]);
  });
});

describe('pr.title-convention', () => {
  const titled = (title: string, options = {}) =>
    findingsOf('pr.title-convention', small, { ...options, pr: { title } });

  it('by default reports only empty, WIP and "Update <file>" titles', () => {
    expect(titled('Update README.md')).toMatchObject([
      { severity: 'info', evidence: 'Update README.md' },
    ]);
    expect(titled('WIP')).toHaveLength(1);
    expect(titled('[WIP] login page')).toHaveLength(1);
    expect(titled('')).toHaveLength(1);
    expect(titled('Update README with the new port')).toEqual([]);
    expect(titled('Wipe stale sessions on logout')).toEqual([]);
  });

  it('reads "Update X" as the editor default only when X is a file name', () => {
    // Titles of express's merged pull requests: the second names a dependency, not a file.
    expect(titled('Update package.json')).toHaveLength(1);
    expect(titled('Update `path-to-regexp@0.1.x`')).toEqual([]);
    expect(titled('Update express.')).toEqual([]);
    const issueFile = [addedFile('Issue944', 'notes')];
    expect(
      findingsOf('pr.title-convention', issueFile, { pr: { title: 'Update Issue944' } }),
    ).toHaveLength(1);
  });

  it('asks for Conventional Commits when the project wants them', () => {
    expect(titled('Add rate limiting', { conventionalTitles: true })).toHaveLength(1);
    expect(titled('feat(auth)!: rate-limit logins', { conventionalTitles: true })).toEqual([]);
  });

  it("follows the project's own pattern, and refuses an invalid one", () => {
    expect(titled('Add rate limiting', { titlePattern: '^[A-Z]+-\\d+ ' })).toHaveLength(1);
    expect(titled('ROTA-12 Add rate limiting', { titlePattern: '^[A-Z]+-\\d+ ' })).toEqual([]);
    expect(() => titled('x', { titlePattern: '(' })).toThrow(/titlePattern/);
  });
});

describe('files the shape rules ignore', () => {
  it('a normal small pull request has no shape findings', () => {
    const files = [addedFile('src/app.test.js', "it('works', () => {});"), ...small];
    for (const rule of ['pr.too-large', 'pr.missing-description', 'pr.title-convention']) {
      expect(findingsOf(rule, files)).toEqual([]);
    }
  });
});
