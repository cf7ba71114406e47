import type { Project, ProjectSummary } from '@rota/contracts';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { memberFixture, projectFixture, summaryFixture } from '../../test/project-fixtures';
import { projectKeys, type ProjectFilters } from './api/query-keys';
import {
  memberAdded,
  memberRemoved,
  projectCreated,
  projectDeleted,
  projectOpened,
  projectUpdated,
  toSummary,
} from './project-cache';
import { initialProjectState, useProjectStore } from './project-store';

const all: ProjectFilters = { search: '', status: 'all' };
const active: ProjectFilters = { search: '', status: 'active' };
const archived: ProjectFilters = { search: '', status: 'archived' };
const searched: ProjectFilters = { search: 'pay', status: 'all' };

let client: QueryClient;
const list = (filters: ProjectFilters) =>
  client.getQueryData<ProjectSummary[]>(projectKeys.list(filters))?.map((p) => p.id);

beforeEach(() => {
  client = new QueryClient();
  useProjectStore.setState(initialProjectState());
  const older = summaryFixture({ id: 'p-old', updated_at: '2025-01-01T00:00:00Z' });
  const newer = summaryFixture({ id: 'p-new', updated_at: '2025-03-01T00:00:00Z' });
  client.setQueryData(projectKeys.list(all), [newer, older]);
  client.setQueryData(projectKeys.list(active), [newer, older]);
  client.setQueryData(projectKeys.list(archived), []);
  client.setQueryData(projectKeys.list(searched), [older]);
});

describe('project cache transitions (spec §4)', () => {
  it('summarises a project with its repository count', () => {
    const project = projectFixture();
    expect(toSummary(project)).toEqual({
      id: 'p-1',
      name: 'Payments',
      description: 'Card processing',
      review_prompt: null,
      publish_reviews: false,
      status: 'active',
      is_active: true,
      repo_count: 1,
      created_at: project.created_at,
      updated_at: project.updated_at,
    });
  });

  it('create adds the project to the lists it belongs in, where the server puts it, and caches it', async () => {
    const created = projectFixture({ id: 'p-created', updated_at: '2025-06-01T00:00:00Z' });
    await projectCreated(client, created);
    expect(list(all)).toEqual(['p-created', 'p-new', 'p-old']);
    expect(list(active)).toEqual(['p-created', 'p-new', 'p-old']);
    // Not archived, and a search is the server's to apply: those lists wait for their refetch.
    expect(list(archived)).toEqual([]);
    expect(list(searched)).toEqual(['p-old']);
    expect(client.getQueryData(projectKeys.detail('p-created'))).toEqual(created);
    // Every list is refreshed from the server afterwards.
    expect(client.getQueryState(projectKeys.list(all))?.isInvalidated).toBe(true);
    expect(client.getQueryState(projectKeys.detail('p-created'))?.isInvalidated).toBe(false);
  });

  it('update replaces the project in the lists and as the current project', async () => {
    const renamed = projectFixture({
      id: 'p-old',
      name: 'Renamed',
      updated_at: '2025-06-01T00:00:00Z',
    });
    client.setQueryData(projectKeys.detail('p-old'), projectFixture({ id: 'p-old' }));
    await projectUpdated(client, renamed);
    expect(list(all)).toEqual(['p-old', 'p-new']);
    const summary = client.getQueryData<ProjectSummary[]>(projectKeys.list(all))?.[0];
    expect(summary).toMatchObject({ name: 'Renamed', repo_count: 1 });
    expect(list(searched)).toEqual(['p-old']);
    expect(client.getQueryData<Project>(projectKeys.detail('p-old'))?.name).toBe('Renamed');
  });

  it('a status change moves the project between status-filtered lists', async () => {
    await projectUpdated(client, projectFixture({ id: 'p-old', status: 'archived' }));
    expect(list(active)).toEqual(['p-new']);
    expect(list(archived)).toEqual(['p-old']);
    expect(list(all)).toEqual(['p-new', 'p-old']);
  });

  it('delete removes the project from every list and unsets it as current', async () => {
    client.setQueryData(projectKeys.detail('p-old'), projectFixture({ id: 'p-old' }));
    client.setQueryData([...projectKeys.resources('p-old'), 'analytics'], { totalPRs: 3 });
    projectOpened(client, 'p-old');
    expect(useProjectStore.getState().currentProjectId).toBe('p-old');

    await projectDeleted(client, 'p-old');
    expect(list(all)).toEqual(['p-new']);
    expect(list(active)).toEqual(['p-new']);
    expect(list(searched)).toEqual([]);
    expect(client.getQueryData(projectKeys.detail('p-old'))).toBeUndefined();
    expect(client.getQueryData([...projectKeys.resources('p-old'), 'analytics'])).toBeUndefined();
    expect(useProjectStore.getState().currentProjectId).toBeNull();
    expect(useProjectStore.getState().deletedIds.has('p-old')).toBe(true);
  });

  it('deleting another project leaves the current one current', async () => {
    projectOpened(client, 'p-new');
    await projectDeleted(client, 'p-old');
    expect(useProjectStore.getState().currentProjectId).toBe('p-new');
  });

  it("loading another project drops the previous one's analyses, analytics and pull requests", () => {
    const analytics = [...projectKeys.resources('p-a'), 'analytics'];
    const pulls = [...projectKeys.resources('p-a'), 'pull-requests'];
    const otherAnalytics = [...projectKeys.resources('p-b'), 'analytics'];
    client.setQueryData(analytics, { totalPRs: 1 });
    client.setQueryData(pulls, []);
    client.setQueryData(otherAnalytics, { totalPRs: 2 });
    client.setQueryData(projectKeys.detail('p-a'), projectFixture({ id: 'p-a' }));

    projectOpened(client, 'p-a');
    projectOpened(client, 'p-a'); // the same project again keeps its data
    expect(client.getQueryData(analytics)).toEqual({ totalPRs: 1 });

    projectOpened(client, 'p-b');
    expect(useProjectStore.getState().currentProjectId).toBe('p-b');
    expect(client.getQueryData(analytics)).toBeUndefined();
    expect(client.getQueryData(pulls)).toBeUndefined();
    expect(client.getQueryData(otherAnalytics)).toEqual({ totalPRs: 2 });
    // The project itself stays cached: going back shows it at once.
    expect(client.getQueryData(projectKeys.detail('p-a'))).toBeDefined();
  });

  it('adds and removes team members on the cached project', () => {
    client.setQueryData(projectKeys.detail('p-1'), projectFixture({ team_members: [] }));
    memberAdded(client, 'p-1', memberFixture({ id: 'm-9', name: 'Can' }));
    expect(
      client.getQueryData<Project>(projectKeys.detail('p-1'))?.team_members.map((m) => m.id),
    ).toEqual(['m-9']);
    memberRemoved(client, 'p-1', 'm-9');
    expect(client.getQueryData<Project>(projectKeys.detail('p-1'))?.team_members).toEqual([]);
  });
});
