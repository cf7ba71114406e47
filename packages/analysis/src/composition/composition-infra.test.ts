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

describe('containers: Dockerfiles and compose files', () => {
  let repo: RepoBuilder;
  let result: CompositionAnalysis;
  beforeAll(async () => {
    repo = repoWith({
      Dockerfile: `# syntax=docker/dockerfile:1
ARG NODE_VERSION=20
FROM --platform=$BUILDPLATFORM node:\${NODE_VERSION}-alpine AS build
WORKDIR /app
COPY package.json \\
     package-lock.json ./
RUN <<EOF
npm ci
FROM this-is-not-an-instruction
EOF
CMD ["node", "build.js"]

FROM build AS test
RUN npm test

FROM gcr.io/distroless/nodejs20-debian12
COPY --from=build /app/dist /app
EXPOSE 3000
ENTRYPOINT ["/nodejs/bin/node"]
CMD ["/app/server.js"]
`,
      'services/worker/Dockerfile.prod': 'FROM python:3.12-slim@sha256:abc\nCMD python -m worker\n',
      'docker-compose.yml': `services:
  api:
    build: .
    ports: ["3000:3000"]
    depends_on: [db, cache]
  db:
    image: postgres:16-alpine
    environment:
      POSTGRES_PASSWORD: example
  cache:
    image: "redis:7"
  search:
    image: docker.elastic.co/elasticsearch/elasticsearch:8.12.0
  queue:
    image: rabbitmq:3-management
  events:
    image: bitnami/kafka:3.6
  docs:
    image: mongo
  legacy:
    image: mysql:8
    build:
      context: ./legacy
`,
      'compose.override.yaml': 'services:\n  api:\n    environment:\n      DEBUG: "1"\n',
    });
    result = await analyzeRepo(repo);
  });
  afterAll(() => repo.remove());

  it('reads base images (ARG defaults substituted, stages and heredocs skipped) and the final command', () => {
    expect(manifestAt(result, 'Dockerfile')).toMatchObject({
      kind: 'dockerfile',
      ecosystem: 'container',
      images: ['node:20-alpine', 'gcr.io/distroless/nodejs20-debian12'],
      parseError: null,
    });
    expect(manifestAt(result, 'services/worker/Dockerfile.prod').images).toEqual([
      'python:3.12-slim@sha256:abc',
    ]);
    expect(result.entryPoints).toEqual([
      {
        kind: 'docker-entrypoint',
        path: null,
        declaredIn: 'Dockerfile',
        name: null,
        command: '/nodejs/bin/node',
        inTree: false,
      },
      {
        kind: 'docker-cmd',
        path: null,
        declaredIn: 'Dockerfile',
        name: null,
        command: '/app/server.js',
        inTree: false,
      },
      expect.objectContaining({
        kind: 'docker-cmd',
        declaredIn: 'services/worker/Dockerfile.prod',
        command: 'python -m worker',
      }),
    ]);
  });

  it('reads compose services and recognises the systems their images run', () => {
    const compose = manifestAt(result, 'docker-compose.yml');
    expect(compose.services).toEqual([
      { name: 'api', image: null, build: '.' },
      { name: 'db', image: 'postgres:16-alpine', build: null },
      { name: 'cache', image: 'redis:7', build: null },
      {
        name: 'search',
        image: 'docker.elastic.co/elasticsearch/elasticsearch:8.12.0',
        build: null,
      },
      { name: 'queue', image: 'rabbitmq:3-management', build: null },
      { name: 'events', image: 'bitnami/kafka:3.6', build: null },
      { name: 'docs', image: 'mongo', build: null },
      { name: 'legacy', image: 'mysql:8', build: './legacy' },
    ]);
    expect(framework(result, 'PostgreSQL')).toEqual({
      name: 'PostgreSQL',
      category: 'database',
      evidence: ['docker-compose.yml'],
      version: '16-alpine',
    });
    expect(framework(result, 'Redis')).toMatchObject({ category: 'cache', version: '7' });
    expect(frameworkNames(result)).toEqual(
      expect.arrayContaining([
        'Elasticsearch',
        'RabbitMQ',
        'Apache Kafka',
        'MongoDB',
        'MySQL',
        'Node.js',
        'Python',
        'Docker',
        'Docker Compose',
      ]),
    );
    expect(manifestAt(result, 'compose.override.yaml').services).toEqual([
      { name: 'api', image: null, build: null },
    ]);
  });
});

describe('infrastructure: Helm, Terraform and Kubernetes', () => {
  let repo: RepoBuilder;
  let result: CompositionAnalysis;
  beforeAll(async () => {
    repo = repoWith({
      'charts/shop/Chart.yaml': `apiVersion: v2
name: shop
version: 0.4.0
appVersion: "1.8.2"
dependencies:
  - name: postgresql
    version: 13.x.x
    repository: https://charts.bitnami.com/bitnami
  - name: redis
    version: 18.0.0
`,
      'charts/shop/values.yaml': 'image:\n  repository: acme/shop\n',
      'charts/shop/templates/deployment.yaml':
        'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: {{ .Release.Name }}\n',
      'infra/main.tf': `terraform {
  required_version = ">= 1.6"
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "~> 5.0"
    }
    cloudflare = { source = "cloudflare/cloudflare" }
  }
}

# provider "azurerm" {}
provider "aws" {
  region = "eu-west-1"
}

resource "google_storage_bucket" "assets" {
  name = "assets"
}

module "vpc" {
  source  = "terraform-aws-modules/vpc/aws"
  version = "5.1.0"
}

module "local" {
  source = "./modules/local"
}
`,
      'k8s/app.yaml': `apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
spec:
  template:
    spec:
      initContainers:
        - name: migrate
          image: acme/migrate:1.0
      containers:
        - name: api
          image: acme/api:1.0
---
apiVersion: v1
kind: Service
metadata:
  name: api
---
apiVersion: v1
kind: List
items:
  - apiVersion: batch/v1
    kind: CronJob
    metadata: { name: nightly }
`,
      'k8s/kustomization.yaml':
        'resources: [app.yaml]\nimages:\n  - name: acme/api\n    newTag: "2.0"\n',
      'catalog-info.yaml':
        'apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata:\n  name: shop\n',
      'config/settings.yaml': 'kind: not-kubernetes\nname: x\n',
      '.terraform.lock.hcl': '# lock\n',
    });
    result = await analyzeRepo(repo);
  });
  afterAll(() => repo.remove());

  it('reads Helm charts and their dependencies, leaving templates alone', () => {
    expect(manifestAt(result, 'charts/shop/Chart.yaml')).toMatchObject({
      kind: 'helm-chart',
      ecosystem: 'infra',
      name: 'shop',
      version: '0.4.0',
      runtimes: [{ name: 'app', version: '1.8.2' }],
      dependencies: [
        { name: 'postgresql', version: '13.x.x', scope: 'runtime' },
        { name: 'redis', version: '18.0.0', scope: 'runtime' },
      ],
      frameworks: ['Helm', 'PostgreSQL', 'Redis'],
    });
    expect(result.manifests.map((manifest) => manifest.path)).not.toContain(
      'charts/shop/templates/deployment.yaml',
    );
  });

  it('reads Terraform providers, registry modules and the required version', () => {
    expect(manifestAt(result, 'infra/main.tf')).toMatchObject({
      kind: 'terraform',
      runtimes: [{ name: 'terraform', version: '>= 1.6' }],
      dependencies: [
        { name: 'hashicorp/aws', version: '~> 5.0', scope: 'runtime' },
        { name: 'cloudflare/cloudflare', version: null, scope: 'runtime' },
        { name: 'hashicorp/google', version: null, scope: 'runtime' },
        { name: 'terraform-aws-modules/vpc/aws', version: '5.1.0', scope: 'runtime' },
      ],
      frameworks: ['AWS', 'Cloudflare', 'Google Cloud', 'Terraform'],
    });
    expect(frameworkNames(result)).not.toContain('Azure');
  });

  it('recognises Kubernetes objects by content, with their container images', () => {
    expect(manifestAt(result, 'k8s/app.yaml')).toMatchObject({
      kind: 'kubernetes',
      resources: [
        { apiVersion: 'apps/v1', kind: 'Deployment', name: 'api' },
        { apiVersion: 'v1', kind: 'Service', name: 'api' },
        { apiVersion: 'batch/v1', kind: 'CronJob', name: 'nightly' },
      ],
      images: ['acme/migrate:1.0', 'acme/api:1.0'],
    });
    expect(manifestAt(result, 'k8s/kustomization.yaml')).toMatchObject({
      kind: 'kustomization',
      images: ['acme/api:2.0'],
    });
    const paths = result.manifests.map((manifest) => manifest.path);
    expect(paths).not.toContain('catalog-info.yaml');
    expect(paths).not.toContain('config/settings.yaml');
    expect(paths).not.toContain('charts/shop/values.yaml');
    expect(frameworkNames(result)).toEqual(
      expect.arrayContaining(['Kubernetes', 'Kustomize', 'Helm', 'Terraform']),
    );
    expect(framework(result, 'Terraform')?.evidence).toEqual([
      '.terraform.lock.hcl',
      'infra/main.tf',
    ]);
  });
});
