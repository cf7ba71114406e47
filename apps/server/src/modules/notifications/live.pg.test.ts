import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { compose, type Composition } from '../../composition.js';
import { openDatabase, type DatabaseHandle } from '../../db/client.js';
import { githubAccounts, projectMembers, projectRepos } from '../../db/schema/index.js';
import { encryptSecret } from '../../lib/crypto.js';
import { processLogger } from '../../lib/logging.js';
import { MemoryRateLimiter } from '../../lib/rate-limit/memory-rate-limiter.js';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import { createProject } from '../../testing/project-helpers.js';
import { testConfig } from '../../testing/test-config.js';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.js';
import { delivery, examplePayload, send } from '../../testing/webhook-deliveries.js';

// Two processes of one deployment, as two apps in this one: A only answers (WORKERS=0), B runs the
// jobs; both on one PostgreSQL database and one Redis. A notification B makes from a delivery
// reaches the stream open on A through Redis. Needs both servers: the PostgreSQL project with Redis.
const redisUrl = process.env.TEST_REDIS_URL;
const SECRET = 'live-hook-secret';
const KEY = Buffer.alloc(32, 7);

interface Process {
  composition: Composition;
  app: FastifyInstance;
  handle: DatabaseHandle;
  dataDir: string;
}

describe.runIf(redisUrl)('the notification stream across processes (PostgreSQL + Redis)', () => {
  let database: TestDatabase;
  const processes: Process[] = [];

  async function start(workers: number, handle: DatabaseHandle): Promise<Process> {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rota-live-'));
    const composition = await compose({
      config: testConfig({ dataDir, databaseUrl: database.url!, redisUrl, workers }),
      database: handle,
      rateLimiter: new MemoryRateLimiter(),
      logger: processLogger(false),
      hostPolicy: { resolver: async () => ['140.82.112.3'] },
    });
    const app = await buildApp(composition);
    await app.ready();
    if (workers > 0) await composition.queue.start();
    const started = { composition, app, handle, dataDir };
    processes.push(started);
    return started;
  }

  beforeAll(async () => {
    const redis = new Redis(redisUrl!);
    await redis.flushdb(); // this suite's own Redis database
    redis.disconnect();
    database = await createTestDatabase();
  }, 60_000);

  afterAll(async () => {
    for (const { app, composition, handle, dataDir } of processes) {
      await app.close();
      await composition.queue.close();
      if (handle !== database) await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
    await database?.destroy();
  });

  it('a stream opened on A receives what a delivery through B made', async () => {
    const second = await openDatabase({ kind: 'postgres', url: database.url!, maxConnections: 3 });
    const a = await start(0, second);
    const b = await start(2, database);

    const ayse = await registerUser(a.app, { name: 'Ayşe' });
    const octo = await registerUser(a.app, { name: 'Octo' });
    await database.db.insert(githubAccounts).values({
      userId: octo.user.id,
      githubId: 583231,
      login: 'octocat',
      accessTokenEnc: encryptSecret('gho_unused', KEY),
    });
    const project = await createProject(a.app, ayse.token, {
      repos: [{ name: 'api', url: 'https://github.com/ayse/api' }],
    });
    await database.db
      .update(projectRepos)
      .set({ webhookSecretEnc: encryptSecret(SECRET, KEY), webhookInstalled: true })
      .where(eq(projectRepos.projectId, project.id));
    await database.db
      .insert(projectMembers)
      .values({ projectId: project.id, name: 'Octo', githubLogin: 'octocat' });

    const address = await a.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const response = await fetch(`${address}/api/notifications/stream`, {
      headers: { ...bearer(octo.token), accept: 'text/event-stream' },
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    let received = '';
    const until = async (text: string) => {
      while (!received.includes(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${text}: ${received}`);
        received += new TextDecoder().decode(value);
      }
    };
    await until('event: unread\ndata: {"unread":0}');

    // Codertocat asks octocat for a review; the delivery is received and processed by B.
    const payload = examplePayload(
      'pull_request',
      { owner: 'ayse', repo: 'api' },
      'review_requested',
    );
    const sent = await send(b.app, delivery('pull_request', payload, SECRET));
    expect(sent.statusCode).toBe(202);
    // (The project's first pull-request sync, against the test config's unreachable GitHub, may
    // tell its failure on the stream too.)
    await until('"kind":"prAssigned"');
    controller.abort();
    const notifications = [...received.matchAll(/event: notification\ndata: (.*)\n/g)].map(
      (match) => JSON.parse(match[1]!) as { kind: string },
    );
    expect(notifications.find((item) => item.kind === 'prAssigned')).toMatchObject({
      projectId: project.id,
      subject: { repository: 'ayse/api', number: payload.number },
      detail: { actor: 'codertocat', role: 'reviewer' },
    });
  }, 60_000);
});
