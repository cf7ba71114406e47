import { describe, expect, it } from 'vitest';
import {
  emptyProjectForm,
  placeServerErrors,
  ProjectFormSchema,
  projectFormValues,
  toProjectPayload,
} from './project-form-schema';
import { projectFixture, repoFixture } from '../../test/project-fixtures';

const issues = (values: unknown) => {
  const result = ProjectFormSchema.safeParse(values);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('project form schema (spec §5)', () => {
  it('starts with one repository row on the default branch (empty)', () => {
    expect(emptyProjectForm().repos).toEqual([{ url: '', branch: '', name: '' }]);
  });

  it('names every bad field with its exact message, per repository row', () => {
    expect(
      issues({
        name: 'a',
        description: '',
        review_prompt: '',
        repos: [
          { url: 'https://github.com/acme/api', branch: 'main', name: '' },
          { url: 'not a url', branch: 'feature..x', name: '' },
          { url: '--upload-pack=touch /tmp/x', branch: 'main', name: '' },
          { url: 'git@github.com:ACME/API.git', branch: 'main', name: '' },
        ],
      }),
    ).toEqual([
      'name: Project name must be at least 2 characters',
      'repos.1.url: Invalid repository URL',
      'repos.1.branch: Invalid branch name',
      'repos.2.url: Invalid repository URL',
      'repos.3.url: This repository is already in the project',
    ]);
  });

  it('turns valid values into the create payload: nulls for empty texts, no empty branch or name', () => {
    const parsed = ProjectFormSchema.parse({
      name: '  Payments  ',
      description: '',
      review_prompt: 'Check error handling',
      status: 'archived',
      repos: [
        { url: 'https://github.com/acme/api', branch: 'main', name: '' },
        { url: 'https://gitlab.com/acme/group/web', branch: '', name: 'Web' },
      ],
    });
    expect(toProjectPayload(parsed, { withStatus: false })).toEqual({
      name: 'Payments',
      description: null,
      review_prompt: 'Check error handling',
      repos: [
        { url: 'https://github.com/acme/api', branch: 'main' },
        { url: 'https://gitlab.com/acme/group/web', name: 'Web' },
      ],
    });
    expect(toProjectPayload(parsed, { withStatus: true }).status).toBe('archived');
    // Publishing is an edit-form setting: off unless ticked, never sent by the create form.
    expect(toProjectPayload(parsed, { withStatus: true }).publish_reviews).toBe(false);
  });

  it('fills the edit form from a project, hiding names the server derived', () => {
    const values = projectFormValues(
      projectFixture({
        description: null,
        review_prompt: 'Be strict',
        status: 'inactive',
        publish_reviews: true,
        repos: [repoFixture(), repoFixture({ id: 'r-2', name: 'Checkout', branch: 'develop' })],
      }),
    );
    expect(values).toEqual({
      name: 'Payments',
      description: '',
      review_prompt: 'Be strict',
      status: 'inactive',
      publish_reviews: true,
      repos: [
        { url: 'https://github.com/acme/payments-api', branch: 'main', name: '' },
        { url: 'https://github.com/acme/payments-api', branch: 'develop', name: 'Checkout' },
      ],
    });
  });

  it('places server errors on their fields and rows, the rest above the form', () => {
    expect(
      placeServerErrors(
        [
          { path: 'name', message: 'Project name must be at least 2 characters' },
          { path: 'repos.1.url', message: 'This repository is already in the project' },
          { path: 'body.repos.0.branch', message: 'Invalid branch name' },
          { path: 'repos.5.url', message: 'Invalid repository URL' },
          { path: '', message: 'Request body must be a JSON object' },
        ],
        2,
      ),
    ).toEqual({
      onFields: [
        { path: 'name', message: 'Project name must be at least 2 characters' },
        { path: 'repos.1.url', message: 'This repository is already in the project' },
        { path: 'repos.0.branch', message: 'Invalid branch name' },
      ],
      unplaced: ['Invalid repository URL', 'Request body must be a JSON object'],
    });
  });
});
