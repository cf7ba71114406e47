import { describe, expect, it } from 'vitest';
import {
  parseRepositoryUrl,
  repositoryFullName,
  type RepositoryUrlProblem,
} from './repository-url.js';

const remote = { allowLocal: false };
const local = { allowLocal: true };

describe('parseRepositoryUrl: accepted addresses', () => {
  it.each([
    [
      'https://github.com/octo/hello',
      'github',
      'octo',
      'hello',
      'https://github.com/octo/hello',
      null,
    ],
    [
      'https://github.com/octo/hello.git',
      'github',
      'octo',
      'hello',
      'https://github.com/octo/hello',
      null,
    ],
    [
      'https://github.com/octo/hello/',
      'github',
      'octo',
      'hello',
      'https://github.com/octo/hello',
      null,
    ],
    [
      '  https://github.com/octo/hello.git/  ',
      'github',
      'octo',
      'hello',
      'https://github.com/octo/hello',
      null,
    ],
    [
      'HTTPS://GitHub.COM/Octo/Hello',
      'github',
      'Octo',
      'Hello',
      'https://github.com/Octo/Hello',
      null,
    ],
    [
      'https://www.github.com/octo/hello',
      'github',
      'octo',
      'hello',
      'https://github.com/octo/hello',
      null,
    ],
    [
      'https://github.com/octo/hello/tree/feature/x',
      'github',
      'octo',
      'hello',
      'https://github.com/octo/hello',
      'feature/x',
    ],
    [
      'https://github.com/octo/hello?tab=readme#top',
      'github',
      'octo',
      'hello',
      'https://github.com/octo/hello',
      null,
    ],
    [
      'git@github.com:octo/hello.git',
      'github',
      'octo',
      'hello',
      'ssh://git@github.com/octo/hello.git',
      null,
    ],
    [
      'ssh://git@github.com/octo/hello.git',
      'github',
      'octo',
      'hello',
      'ssh://git@github.com/octo/hello.git',
      null,
    ],
    [
      'https://gitlab.com/group/sub/project',
      'gitlab',
      'group/sub',
      'project',
      'https://gitlab.com/group/sub/project',
      null,
    ],
    [
      'https://gitlab.com/group/project/-/tree/develop',
      'gitlab',
      'group',
      'project',
      'https://gitlab.com/group/project',
      'develop',
    ],
    [
      'git@gitlab.com:group/sub/project.git',
      'gitlab',
      'group/sub',
      'project',
      'ssh://git@gitlab.com/group/sub/project.git',
      null,
    ],
    [
      'https://bitbucket.org/team/repo.git',
      'bitbucket',
      'team',
      'repo',
      'https://bitbucket.org/team/repo',
      null,
    ],
    [
      'https://bitbucket.org/team/repo/src/main',
      'bitbucket',
      'team',
      'repo',
      'https://bitbucket.org/team/repo',
      'main',
    ],
    [
      'https://git.example.com:8443/scm/tools/repo.git',
      'git',
      'scm/tools',
      'repo',
      'https://git.example.com:8443/scm/tools/repo.git',
      null,
    ],
    [
      'https://git.kernel.org/pub/scm/git/git.git',
      'git',
      'pub/scm/git',
      'git',
      'https://git.kernel.org/pub/scm/git/git.git',
      null,
    ],
    [
      'ssh://git@git.example.com:2222/team/repo.git',
      'git',
      'team',
      'repo',
      'ssh://git@git.example.com:2222/team/repo.git',
      null,
    ],
    [
      'https://github.com:443/octo/hello',
      'github',
      'octo',
      'hello',
      'https://github.com/octo/hello',
      null,
    ],
  ])('%s', (input, provider, owner, repo, url, branchHint) => {
    const result = parseRepositoryUrl(input, remote);
    expect(result).toEqual({
      ok: true,
      value: expect.objectContaining({ provider, owner, repo, url, branchHint }),
    });
  });

  it('gives the same key to the same repository written differently', () => {
    const keys = [
      'https://github.com/Octo/Hello',
      'https://github.com/octo/hello.git',
      'git@github.com:octo/hello.git',
      'https://github.com/octo/hello/',
    ].map((input) => {
      const result = parseRepositoryUrl(input, remote);
      return result.ok ? result.value.key : input;
    });
    expect(new Set(keys).size).toBe(1);
  });

  it('accepts local paths and file:// URLs only when allowed', () => {
    expect(parseRepositoryUrl('/srv/git/team/app.git', local)).toEqual({
      ok: true,
      value: expect.objectContaining({
        provider: 'local',
        owner: '',
        repo: 'app',
        url: '/srv/git/team/app.git',
      }),
    });
    // Named after its own directory, never the folder it is kept in (`repos/`, a mirror's `/repo`).
    const named = (input: string) => {
      const result = parseRepositoryUrl(input, local);
      return result.ok ? repositoryFullName(result.value) : result.reason;
    };
    expect(named('/data/repos/expressjs+express')).toBe('expressjs+express');
    expect(named('/work/.mirror/jquery+jquery/repo')).toBe('jquery+jquery');
    expect(named('file:///srv/git/app/repo.git')).toBe('app');
    expect(named('/repo')).toBe('repo');
    expect(parseRepositoryUrl('file:///srv/git/app', local)).toEqual({
      ok: true,
      value: expect.objectContaining({ provider: 'local', repo: 'app', url: '/srv/git/app' }),
    });
    expect(parseRepositoryUrl('/srv/git/app', remote)).toEqual({
      ok: false,
      reason: 'local_not_allowed',
    });
    expect(parseRepositoryUrl('file:///srv/git/app', remote)).toEqual({
      ok: false,
      reason: 'local_not_allowed',
    });
  });
});

describe('parseRepositoryUrl: refused addresses', () => {
  it.each<[string, RepositoryUrlProblem]>([
    ['', 'empty'],
    ['   ', 'empty'],
    ['--upload-pack=touch /tmp/pwned', 'option_like'],
    ['-oProxyCommand=evil', 'option_like'],
    ['https://user:secret@github.com/octo/hello', 'credentials'],
    ['https://ghp_token@github.com/octo/hello', 'credentials'],
    ['ssh://git:pass@example.com/team/repo.git', 'credentials'],
    ['http://github.com/octo/hello', 'scheme'],
    ['ftp://example.com/repo.git', 'scheme'],
    ['ext::sh -c touch% /tmp/pwned', 'path'],
    ['javascript:alert(1)', 'host'],
    ['octo/hello', 'scheme'],
    ['https://github.com/octo', 'path'],
    ['https://github.com/octo/hello/issues/1', 'path'],
    ['https://github.com/octo/%2e%2e', 'path'],
    ['https://exa mple.com/a/b', 'path'],
    ['https://-bad-.com/a/b', 'host'],
    ['https://999.1.1.1/a/b', 'host'],
    ['https://github.com/octo/hello\n--upload-pack=x', 'path'],
    ['file:///srv/../etc/passwd', 'path'],
    [`https://github.com/${'a'.repeat(2100)}/b`, 'too_long'],
  ])('%j → %s', (input, reason) => {
    expect(parseRepositoryUrl(input, local)).toEqual({ ok: false, reason });
  });
});
