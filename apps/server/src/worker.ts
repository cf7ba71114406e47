import { ConfigError, loadConfig } from './config.js';
import { openRuntime } from './runtime.js';
import { version } from './version.js';

/**
 * `npm run worker`: a process that only runs jobs (clone, fetch, analyses), for deployments that
 * scale API processes (WORKERS=0) and workers apart, sharing PostgreSQL and Redis.
 */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env, { version });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (config.workers === 0) {
    console.error('WORKERS=0: a worker process needs at least one worker');
    process.exit(1);
  }
  const runtime = await openRuntime(config);
  await runtime.start();
  runtime.composition.logger.info(
    { workers: config.workers, queue: config.redisUrl ? 'bullmq' : 'database' },
    'Rota worker is running',
  );
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => process.exit(1), config.shutdownTimeoutMs);
    force.unref();
    await runtime.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((error: unknown) => {
  console.error('Rota worker failed to start:', error);
  process.exit(1);
});
