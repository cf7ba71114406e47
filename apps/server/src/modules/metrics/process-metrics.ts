import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { JobMetrics } from '../../jobs/types.js';
import { stderrLogger, type Logger } from '../../lib/logging.js';
import type { GitHubMetrics } from '../github/index.js';

export interface ProcessMetricsOptions {
  /** Jobs queued and running now, read at each scrape (the jobs table: every process's jobs). */
  queueDepth: () => Promise<{ queued: number; running: number }>;
  /** Where a failed read of the depth is told. */
  logger?: Logger;
}

/** Where the HTTP server records each answered request. */
export interface RequestMetrics {
  /** `route`: the route's pattern (`/api/projects/:id`), never the URL: ids are not labels. */
  served(method: string, route: string, status: number, seconds: number): void;
}

/**
 * This process's Prometheus metrics: one registry, made by the composition root and handed to
 * the parts that record (the HTTP server, the queue, the GitHub client) as small interfaces, so
 * none of them knows prom-client or reaches for a global. Node's own metrics come with them.
 */
export class ProcessMetrics {
  private readonly registry = new Registry();
  readonly requests: RequestMetrics;
  readonly jobs: JobMetrics;
  readonly github: GitHubMetrics;

  constructor(options: ProcessMetricsOptions) {
    const registers = [this.registry];
    const log = (options.logger ?? stderrLogger()).child({ component: 'metrics' });
    collectDefaultMetrics({ register: this.registry });

    const requestSeconds = new Histogram({
      name: 'rota_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    this.requests = {
      served: (method, route, status, seconds) =>
        requestSeconds.observe({ method, route, status_code: String(status) }, seconds),
    };

    const attemptSeconds = new Histogram({
      name: 'rota_job_duration_seconds',
      help: 'Time one attempt of a job ran in this process, by kind and outcome (succeeded, retry, failed, cancelled, deferred).',
      labelNames: ['kind', 'outcome'] as const,
      buckets: [0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800],
      registers,
    });
    this.jobs = {
      attemptEnded: (kind, outcome, seconds) => attemptSeconds.observe({ kind, outcome }, seconds),
    };

    new Gauge({
      name: 'rota_job_queue_depth',
      help: 'Jobs queued and running now, by status (from the jobs table: every process’s).',
      labelNames: ['status'] as const,
      registers,
      async collect() {
        try {
          const depth = await options.queueDepth();
          this.set({ status: 'queued' }, depth.queued);
          this.set({ status: 'running' }, depth.running);
        } catch (error) {
          // No figure rather than an old one passed off as current.
          this.reset();
          log.warn({ err: error }, 'metrics: could not count the queued and running jobs');
        }
      },
    });

    const githubCalls = new Counter({
      name: 'rota_github_requests_total',
      help: 'Calls to GitHub by outcome: ok, not_modified (a free 304, stored body served), served_stale, rate_limited, client_error, server_error.',
      labelNames: ['outcome'] as const,
      registers,
    });
    const remaining = new Gauge({
      name: 'rota_github_rate_limit_remaining',
      help: 'What GitHub last said is left, by kind of credential (user, server, anonymous) and resource; the last answer of any credential of that kind.',
      labelNames: ['credential', 'resource'] as const,
      registers,
    });
    this.github = {
      call: (outcome) => githubCalls.inc({ outcome }),
      rateLimitRemaining: (credential, resource, left) =>
        remaining.set({ credential, resource }, left),
    };
  }

  /** The text exposition format Prometheus scrapes. */
  async exposition(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }
}
