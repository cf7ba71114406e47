import { describe, expect, it } from 'vitest';
import type { ProjectSummary } from '@rota/contracts';
import { patchedList, type ListFilter } from './list-patch.js';

const project = (
  id: string,
  second: number,
  status: ProjectSummary['status'] = 'active',
): ProjectSummary => ({
  id,
  name: id,
  description: null,
  review_prompt: null,
  publish_reviews: false,
  status,
  is_active: status === 'active',
  repo_count: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: `2026-01-01T00:00:${String(second).padStart(2, '0')}.000Z`,
});
const all: ListFilter = { status: 'all', search: '' };
const held = [project('c', 30), project('b', 20), project('a', 10)];
const ids = (list: ProjectSummary[] | null) => list && list.map(({ id }) => id);

describe('patchedList', () => {
  it.each([
    ['a new project, newest', { summary: project('d', 40) }, all, ['d', 'c', 'b', 'a']],
    ['a new project, oldest', { summary: project('d', 5) }, all, ['c', 'b', 'a', 'd']],
    ['a changed project moves to its place', { summary: project('a', 25) }, all, ['c', 'a', 'b']],
    ['a removed project goes', { removed: true as const, projectId: 'b' }, all, ['c', 'a']],
    [
      'an unknown removal changes nothing',
      { removed: true as const, projectId: 'x' },
      all,
      ['c', 'b', 'a'],
    ],
    [
      'a project leaving the filter goes',
      { summary: project('b', 40, 'archived') },
      { status: 'active', search: '' } as ListFilter,
      ['c', 'a'],
    ],
    [
      'a project of another status does not come in',
      { summary: project('d', 40, 'archived') },
      { status: 'active', search: '' } as ListFilter,
      ['c', 'b', 'a'],
    ],
    ['the same millisecond as another: not exact', { summary: project('d', 20) }, all, null],
    [
      'a list with a search: not repeated here',
      { summary: project('d', 40) },
      { status: 'all', search: 'd' } as ListFilter,
      null,
    ],
  ])('%s', (_name, change, filter, expected) => {
    const projectId = 'summary' in change ? change.summary.id : change.projectId;
    const before = [...held];
    expect(ids(patchedList(held, filter, { ownerId: 'o', projectId, ...change }))).toEqual(
      expected,
    );
    expect(held).toEqual(before);
  });

  it('the owner’s lists are forgotten after a change it cannot describe', () => {
    expect(patchedList(held, all, { ownerId: 'o', forget: true })).toBeNull();
  });
});
