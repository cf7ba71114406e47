import type { DiagramComponentNode, DiagramExternalNode } from '@rota/contracts';
import { describe, expect, it } from 'vitest';
import { componentEdges, diagramFor } from '../test-support.js';
import { createMatcher } from './match.js';

describe('external system rules', () => {
  it('match by exact name, by subpath, by wildcard, and not by a longer name', () => {
    const match = createMatcher();
    expect(match('npm:pg').system?.id).toBe('postgresql');
    expect(match('npm:pg/lib/client').system?.id).toBe('postgresql');
    expect(match('npm:pg-boss').system).toBeUndefined();
    expect(match('npm:@aws-sdk/client-s3').system?.id).toBe('s3');
    expect(match('npm:@aws-sdk/client-dynamodb').system?.id).toBe('aws');
    expect(match('pypi:Psycopg2_Binary').system?.id).toBe('postgresql');
    expect(match('py:psycopg.rows').system?.id).toBe('postgresql');
    expect(match('go:github.com/jackc/pgx/v5/pgxpool').system?.id).toBe('postgresql');
    expect(match('dotnet:stackexchange.redis').system?.id).toBe('redis');
    expect(match('cargo:aws_sdk_s3').system?.id).toBe('s3');
    expect(match('npm:express').framework?.label).toBe('Express');
    expect(match('npm:express').system).toBeUndefined();
    expect(match('nonsense-without-ecosystem').system).toBeUndefined();
  });
});

describe('external systems in the diagram', () => {
  it('never draws the repository as its own external system', async () => {
    // Redis' shape: the server's sources, and scripts under utils/ that talk to it as clients.
    const own = await diagramFor({
      'src/server.c': 'int main(void) { return 0; }\n',
      'src/redis-cli.c': 'int main(void) { return 0; }\n',
      'utils/lru/test-lru.rb': "require 'redis'\n",
      'utils/check.py': 'import redis\n',
    });
    expect(own.nodes.filter((n) => n.kind === 'external')).toEqual([]);
    // An app with its own client wrapper still uses Redis.
    const app = await diagramFor({
      'package.json': '{"name": "app", "dependencies": {"redis": "4.0.0"}}',
      'lib/redis.js':
        "import { createClient } from 'redis';\nexport const client = createClient();\n",
      'lib/app.js': "import { client } from './redis.js';\nexport const get = () => client;\n",
    });
    expect(
      app.nodes.filter((n): n is DiagramExternalNode => n.kind === 'external').map((n) => n.system),
    ).toEqual(['redis']);
  });

  it('takes no system from examples, tests or tooling, and draws their folders apart from the product', async () => {
    // The shape of flask: an example app's requirements name Redis, a dev container and tests.
    const diagram = await diagramFor({
      'pyproject.toml': '[project]\nname = "web"\ndependencies = ["click"]\n',
      'src/web/__init__.py': 'import click\n',
      'src/web/app.py': 'from . import helpers\n',
      'src/web/helpers.py': 'X = 1\n',
      'examples/celery/requirements.txt': 'celery[redis]\nredis\n',
      'examples/celery/src/task_app/__init__.py': 'import redis\n',
      'tests/test_app.py': 'import psycopg\nfrom web import app\n',
      '.devcontainer/on-create.sh': 'pip install -e .\n',
      'scripts/release.py': 'import boto3\n',
    });
    expect(diagram.nodes.filter((n) => n.kind === 'external')).toEqual([]);
    const roles = Object.fromEntries(
      diagram.nodes
        .filter((n): n is DiagramComponentNode => n.kind === 'component')
        .map((n) => [n.path, n.role]),
    );
    expect(roles['.devcontainer']).toBe('tooling');
    expect(roles['tests']).toBe('tests');
    expect(roles['scripts']).toBe('tooling');
    expect(Object.values(roles).filter((role) => role === 'library')).toHaveLength(1);
  });

  it('finds PostgreSQL, Redis and Kafka in a Node app and draws edges from the components that use them', async () => {
    const diagram = await diagramFor({
      'package.json': JSON.stringify({
        name: 'shop',
        dependencies: { pg: '^8', ioredis: '^5', kafkajs: '^2', express: '^4' },
      }),
      'src/server.ts':
        "import express from 'express';\nimport { pool } from './db/pool.js';\nimport { cache } from './cache/redis.js';\n",
      'src/db/pool.ts': "import pg from 'pg';\nexport const pool = new pg.Pool();",
      'src/cache/redis.ts':
        "import Redis from 'ioredis';\nexport const cache = new Redis('redis://localhost:6379');",
      'src/events/producer.ts': "const { Kafka } = require('kafkajs');",
      'src/events/consumer.ts': "import { Kafka } from 'kafkajs';",
    });
    const systems = diagram.nodes.filter((n): n is DiagramExternalNode => n.kind === 'external');
    expect(systems.map((s) => s.label)).toEqual(['PostgreSQL', 'Redis', 'Kafka']);
    expect(
      systems
        .find((s) => s.system === 'redis')!
        .evidence.map((e) => e.source)
        .sort(),
    ).toEqual(['connection-string', 'import', 'manifest']);
    expect(
      componentEdges(diagram).filter((e) => / -> (?:postgresql|redis|kafka) /.test(e)),
    ).toEqual(['src/db -> postgresql (1)', 'src/cache -> redis (1)', 'src/events -> kafka (2)']);
    const server = diagram.nodes.find(
      (n): n is DiagramComponentNode =>
        n.kind === 'component' && n.label?.startsWith('src/*') === true,
    );
    expect(server?.frameworks).toEqual(['Express']);
    expect(server?.role).toBe('api');
  });

  it('finds PostgreSQL and AWS in a Python app from requirements and imports', async () => {
    const diagram = await diagramFor({
      'requirements.txt': 'psycopg[binary]>=3.1  # database\nboto3==1.34\n-r dev.txt\n',
      'app/__init__.py': '',
      'app/store.py': 'import psycopg\nfrom psycopg.rows import dict_row\n',
      'app/files.py': 'import boto3\n',
      'app/main.py': 'from app import store, files\n',
    });
    const systems = diagram.nodes.filter((n): n is DiagramExternalNode => n.kind === 'external');
    expect(systems.map((s) => s.system)).toEqual(['postgresql', 'aws']);
    expect(
      componentEdges(diagram).filter((e) => e.includes('postgresql') || e.includes('aws')),
    ).toEqual(['app -> postgresql (1)', 'app -> aws (1)']);
  });

  it('reads Prisma providers, Go modules and Maven dependencies, and ignores dev dependencies', async () => {
    const diagram = await diagramFor({
      'package.json': JSON.stringify({ devDependencies: { mongodb: '^6' } }),
      'prisma/schema.prisma':
        'datasource db {\n  provider = "mysql"\n  url = env("DATABASE_URL")\n}\n',
      'svc/go.mod':
        'module example.com/svc\n\nrequire (\n\tgithub.com/redis/go-redis/v9 v9.0.0\n\tgithub.com/lib/pq v1.10.0 // indirect\n)\n',
      'svc/main.go': 'package main\nfunc main() {}',
      'jvm/pom.xml':
        '<project><dependencies><dependency><groupId>org.apache.kafka</groupId><artifactId>kafka-clients</artifactId></dependency><dependency><groupId>org.postgresql</groupId><artifactId>postgresql</artifactId><scope>test</scope></dependency></dependencies></project>',
      'jvm/src/App.java': 'class App {}',
    });
    expect(
      diagram.nodes
        .filter((n) => n.kind === 'external')
        .map((n) => (n as DiagramExternalNode).system),
    ).toEqual(['mysql', 'redis', 'kafka']);
  });

  it('needs a client or driver: a data-format import (gin encodes BSON) is no MongoDB', async () => {
    const goMod = (extra: string) =>
      `module example.com/web\n\nrequire (\n\tgo.mongodb.org/mongo-driver/v2 v2.5.0\n${extra})\n`;
    const formatOnly = await diagramFor({
      'go.mod': goMod(''),
      'render/bson.go':
        'package render\n\nimport "go.mongodb.org/mongo-driver/v2/bson"\n\nvar _ = bson.Marshal\n',
    });
    expect(formatOnly.nodes.filter((n) => n.kind === 'external')).toEqual([]);
    const client = await diagramFor({
      'go.mod': goMod(''),
      'render/bson.go':
        'package render\n\nimport "go.mongodb.org/mongo-driver/v2/bson"\n\nvar _ = bson.Marshal\n',
      'store/db.go':
        'package store\n\nimport "go.mongodb.org/mongo-driver/v2/mongo"\n\nvar _ = mongo.Connect\n',
    });
    expect(
      client.nodes
        .filter((n): n is DiagramExternalNode => n.kind === 'external')
        .map((n) => [n.system, n.evidence.map((e) => e.path)]),
    ).toEqual([['mongodb', ['go.mod', 'store/db.go']]]);
  });
});
