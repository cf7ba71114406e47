import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureRepo, type FixtureRepo } from '../testing/git-fixtures.js';
import { describeOperation, listOperations, type Operation } from '../testing/openapi/operations.js';
import { giveOwnerData, knownValues, registerOwner, type Owner } from '../testing/openapi/owner-fixture.js';
import { fuzzRequests, printRequest, toInject, type FuzzRequest } from '../testing/openapi/requests.js';
import { useTestApp } from '../testing/test-app.js';

// Every route of the OpenAPI document, fuzzed from its own schema against the real server and
// database (PGlite, and PostgreSQL in the second run). The queue is stopped: analyses are enqueued
// for the fixture repository but never run, so nothing is cloned and no network is needed.
const ctx = useTestApp({
  config: { allowLocalRepos: true, analysisWaitMs: 0 },
  startQueue: false,
});

const SEED = 20261123;
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS_PER_ROUTE ?? 40);

let repo: FixtureRepo;
beforeAll(() => {
  repo = createFixtureRepo();
  repo.commitFile('README.md', '# Fuzz fixture\n');
});
afterAll(() => repo?.remove());

interface Finding {
  status: number;
  request: string;
  answer: string;
}

/**
 * What every answer must be: no 5xx but one the route documents as its own answer (health's 503
 * while the database is down, GitHub sign-in's 503 while it is not configured); every 4xx and
 * 5xx in the error envelope.
 */
function check(
  operation: Operation,
  request: FuzzRequest,
  status: number,
  contentType: string,
  body: string,
): Finding | null {
  const finding = { status, request: printRequest(request), answer: body.slice(0, 300) };
  if (status >= 500 && !operation.statuses.includes(status)) return finding;
  if (status >= 400) {
    if (!contentType.startsWith('application/json')) return finding;
    const parsed = JSON.parse(body) as { success?: unknown; error?: { code?: unknown } };
    if (parsed.success !== false || typeof parsed.error?.code !== 'string') return finding;
  }
  return null;
}

describe('every route of the OpenAPI document, fuzzed', () => {
  it('answers no 5xx and keeps every 4xx in the envelope', async () => {
    const operations = listOperations(ctx.app);
    expect(operations.length).toBeGreaterThan(20);
    const owner = await registerOwner(ctx.app);
    let fixture: Owner = await giveOwnerData(ctx.app, owner, repo);
    const findings: Finding[] = [];
    const perRoute: Record<string, number> = {};
    const perRouteMs: Record<string, number> = {};
    const unreached: string[] = [];
    let sent = 0;
    const started = Date.now();

    for (const operation of operations) {
      const routeStarted = Date.now();
      let reached = false;
      const requests = fc.sample(
        fuzzRequests(operation, fixture.ids, knownValues(fixture, repo), owner.token),
        { seed: SEED, numRuns: RUNS_PER_ROUTE },
      );
      for (const request of requests) {
        const response = await ctx.app.inject(toInject(request));
        sent += 1;
        const finding = check(
          operation,
          request,
          response.statusCode,
          String(response.headers['content-type'] ?? ''),
          response.body,
        );
        if (finding) findings.push(finding);
        // Past validation and the ownership check: the handler gave its own answer.
        if (response.statusCode < 400 || response.statusCode >= 500) reached = true;
        perRoute[describeOperation(operation)] = (perRoute[describeOperation(operation)] ?? 0) + 1;
        // A write that worked may have removed the data later requests aim at: give it back.
        if (response.statusCode < 300 && operation.method !== 'GET')
          fixture = await giveOwnerData(ctx.app, owner, repo);
      }
      perRouteMs[describeOperation(operation)] = Date.now() - routeStarted;
      if (!reached) unreached.push(describeOperation(operation));
      if (requests.length === 0) throw new Error(`${describeOperation(operation)}: no request built`);
    }

    console.info(
      `route fuzz: ${sent} requests over ${operations.length} operations in ${Date.now() - started} ms, ${findings.length} findings`,
    );
    if (process.env.FUZZ_VERBOSE) console.info(perRouteMs);
    // A route no generated request got through is not fuzzed, only refused: teach the generator
    // its valid input (owner-fixture.ts `knownValues`) rather than let it pass silently.
    expect(unreached).toEqual([]);
    // One line per route and status, with the first request that caused it.
    const summary = new Map<string, string>();
    for (const finding of findings) {
      const key = `${finding.status} ${finding.request.split(' ').slice(0, 2).join(' ')}`;
      if (!summary.has(key)) summary.set(key, `${finding.request}\n    → ${finding.answer}`);
    }
    expect([...summary.values()]).toEqual([]);
  }, 300_000);
});

