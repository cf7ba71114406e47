import type { CompositionAnalysis } from '@rota/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RepoBuilder } from '../testing/repo-builder.js';
import {
  analyzeRepo,
  framework,
  frameworkNames,
  manifestAt,
  repoWith,
} from './testing/analyze-repo.js';

describe('CI configurations', () => {
  let repo: RepoBuilder;
  let result: CompositionAnalysis;
  beforeAll(async () => {
    repo = repoWith({
      '.github/workflows/ci.yml': `name: CI
on:
  push:
    branches: [main]
  pull_request:
jobs:
  test:
    name: Unit tests
    runs-on: ubuntu-latest
    services:
      postgres:
        image: postgres:16
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with: { node-version: 20 }
      - run: npm test
      - uses: codecov/codecov-action@v4
  lint:
    runs-on: ubuntu-latest
    container: node:20
    steps:
      - uses: actions/checkout@v4
      - uses: docker://alpine:3.19
  release:
    uses: acme/workflows/.github/workflows/release.yml@main
`,
      '.github/workflows/nightly.yaml':
        'on: [schedule, workflow_dispatch]\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - run: make\n',
      '.github/dependabot.yml': 'version: 2\n',
      '.gitlab-ci.yml': `image: node:20
stages: [build, test]
include:
  - template: Security/SAST.gitlab-ci.yml
  - component: gitlab.com/components/secret-detection/secret-detection@1.0
variables:
  FOO: bar
.base: &base
  before_script: [npm ci]
build:
  <<: *base
  stage: build
  script: npm run build
test:
  stage: test
  image: python:3.12
  services:
    - name: redis:7
  script: [pytest]
`,
      '.circleci/config.yml': `version: 2.1
orbs:
  node: circleci/node@5.1.0
executors:
  py:
    docker:
      - image: cimg/python:3.12
jobs:
  build:
    docker:
      - image: cimg/node:20.10
      - image: cimg/postgres:16.1
    steps: [checkout]
  test:
    executor: py
    steps: [checkout]
workflows:
  main:
    jobs: [build, test]
`,
      Jenkinsfile: `pipeline {
  agent { docker { image 'maven:3.9-eclipse-temurin-21' } }
  triggers { cron('H 4 * * *') }
  stages {
    stage('Build') { steps { sh 'mvn -B package' } }
    // stage('Disabled') { steps { echo 'no' } }
    stage("Test") { steps { sh 'mvn test' } }
  }
}
`,
      'azure-pipelines.yml': `name: $(Date:yyyyMMdd)
trigger: [main]
pr: [main]
stages:
  - stage: Build
    jobs:
      - job: Compile
        steps:
          - task: NodeTool@0
          - task: Npm@1
      - deployment: Deploy
        strategy:
          runOnce:
            deploy:
              steps:
                - task: AzureWebApp@1
`,
      '.travis.yml':
        'language: node_js\nnode_js: ["18", "20"]\nservices:\n  - postgresql\n  - redis-server\nscript: npm test\n',
      'bitbucket-pipelines.yml': `image: node:20
pipelines:
  default:
    - step:
        name: Build
        script: [npm ci]
    - parallel:
        - step:
            name: Lint
            script: [npm run lint]
        - step:
            name: Test
            image: node:18
            script: [npm test]
  branches:
    main:
      - step:
          name: Deploy
          script: [./deploy.sh]
definitions:
  services:
    db:
      image: mysql:8
`,
    });
    result = await analyzeRepo(repo);
  });
  afterAll(() => repo.remove());

  it('summarises GitHub Actions workflows: name, triggers, jobs, actions and images', () => {
    expect(manifestAt(result, '.github/workflows/ci.yml')).toMatchObject({
      kind: 'github-actions',
      ecosystem: 'ci',
      images: ['postgres:16', 'alpine:3.19', 'node:20'],
      ci: {
        name: 'CI',
        jobCount: 3,
        jobs: ['Unit tests', 'lint', 'release'],
        actions: [
          'acme/workflows/.github/workflows/release.yml',
          'actions/checkout',
          'actions/setup-node',
          'codecov/codecov-action',
        ],
        triggers: ['push', 'pull_request'],
      },
    });
    expect(manifestAt(result, '.github/workflows/nightly.yaml').ci).toEqual({
      name: null,
      jobCount: 1,
      jobs: ['build'],
      actions: [],
      triggers: ['schedule', 'workflow_dispatch'],
    });
  });

  it('summarises GitLab CI, CircleCI, Jenkins, Azure Pipelines, Travis and Bitbucket', () => {
    expect(manifestAt(result, '.gitlab-ci.yml')).toMatchObject({
      images: ['node:20', 'python:3.12', 'redis:7'],
      ci: {
        jobCount: 2,
        jobs: ['build', 'test'],
        actions: [
          'Security/SAST.gitlab-ci.yml',
          'gitlab.com/components/secret-detection/secret-detection',
        ],
      },
    });
    expect(manifestAt(result, '.circleci/config.yml')).toMatchObject({
      images: ['cimg/node:20.10', 'cimg/postgres:16.1', 'cimg/python:3.12'],
      ci: { jobCount: 2, jobs: ['build', 'test'], actions: ['circleci/node'], triggers: ['push'] },
    });
    expect(manifestAt(result, 'Jenkinsfile')).toMatchObject({
      images: ['maven:3.9-eclipse-temurin-21'],
      ci: { jobCount: 2, jobs: ['Build', 'Test'], triggers: ['cron'] },
    });
    expect(manifestAt(result, 'azure-pipelines.yml').ci).toEqual({
      name: '$(Date:yyyyMMdd)',
      jobCount: 2,
      jobs: ['Compile', 'Deploy'],
      actions: ['AzureWebApp', 'NodeTool', 'Npm'],
      triggers: ['push', 'pull_request'],
    });
    expect(manifestAt(result, '.travis.yml')).toMatchObject({
      runtimes: [
        { name: 'node_js', version: '18' },
        { name: 'node_js', version: '20' },
      ],
      ci: { jobCount: 1, jobs: ['build'] },
    });
    expect(manifestAt(result, 'bitbucket-pipelines.yml')).toMatchObject({
      images: ['node:20', 'node:18', 'mysql:8'],
      ci: {
        jobCount: 4,
        jobs: ['Build', 'Lint', 'Test', 'Deploy'],
        triggers: ['default', 'branches'],
      },
    });
  });

  it('lists every CI system and what the pipelines name', () => {
    expect(frameworkNames(result)).toEqual(
      expect.arrayContaining([
        'GitHub Actions',
        'GitLab CI',
        'CircleCI',
        'Jenkins',
        'Azure Pipelines',
        'Travis CI',
        'Bitbucket Pipelines',
        'Dependabot',
        'Codecov',
        'Node.js',
        'PostgreSQL',
        'Redis',
        'MySQL',
        'Java',
      ]),
    );
    expect(framework(result, 'GitHub Actions')).toEqual({
      name: 'GitHub Actions',
      category: 'ci',
      evidence: ['.github/workflows/ci.yml', '.github/workflows/nightly.yaml'],
      version: null,
    });
  });
});
