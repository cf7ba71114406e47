import { describe, expect, it } from 'vitest';
import { historyReason, issuesReason, pullRequestReason } from './missing-reason';

const sources = { forge_repos: 1, git_only_repos: 0, history_repos: 1, agent_trailers: true };

describe('why a figure is missing', () => {
  it('says pull-request figures need GitHub when no repository has synced pull requests', () => {
    expect(pullRequestReason({ ...sources, forge_repos: 0 })).toBe('needsGitHub');
    expect(pullRequestReason(sources)).toBe('noneInPeriod');
  });
  it('says commit figures need a history analysis before one exists', () => {
    expect(historyReason({ ...sources, history_repos: 0 })).toBe('needsHistory');
    expect(historyReason(sources)).toBe('noneInPeriod');
  });
  it('says open issues need GitHub, then a refresh that reads them', () => {
    expect(issuesReason({ ...sources, forge_repos: 0 })).toBe('needsGitHub');
    expect(issuesReason(sources)).toBe('issuesNotRead');
  });
});
