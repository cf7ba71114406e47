import { describe, expect, it } from 'vitest';
import { GitHubForge } from './github-forge.js';
import { ForgeRegistry } from './registry.js';

describe('ForgeRegistry: the forge of a repository, by the host of its URL', () => {
  const enterprise = new ForgeRegistry([
    new GitHubForge({
      apiUrl: 'https://git.example.com/api/v3',
      webUrl: 'https://git.example.com',
    }),
  ]);

  it.each([
    ['https://github.com/octocat/hello', 'github'],
    ['https://GitHub.com/octocat/hello.git', 'github'],
    ['https://git.example.com/team/app', 'github'],
    ['https://gitlab.com/group/app', null],
    ['https://git.example.com.evil.test/team/app', null],
    ['git@github.com:octocat/hello.git', null],
    ['/srv/repos/app', null],
  ])('%s → %s', (url, forge) => {
    expect(enterprise.forRepositoryUrl(url)?.id ?? null).toBe(forge);
  });

  it('a test double on loopback with a port is matched with that port only', () => {
    const local = new ForgeRegistry([
      new GitHubForge({ apiUrl: 'http://127.0.0.1:4010', webUrl: 'http://127.0.0.1:4010' }),
    ]);
    expect(local.forRepositoryUrl('http://127.0.0.1:4010/octocat/hello')?.id).toBe('github');
    expect(local.forRepositoryUrl('http://127.0.0.1:4011/octocat/hello')).toBeNull();
  });
});
