import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { defaultWebDistDir, openRuntime } from './runtime.js';
import { version } from './version.js';

/** Boot only: config → database → app → listen, and a graceful shutdown. */
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
  const started = performance.now();
  const runtime = await openRuntime({
    ...config,
    webDistDir: config.webDistDir ?? defaultWebDistDir,
  });
  const app = await buildApp(runtime.composition);
  await runtime.start();
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      database: runtime.composition.database.driver,
      ready_ms: Math.round(performance.now() - started),
      url: config.publicUrl,
    },
    'Rota is ready',
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    try {
      await app.close();
      await runtime.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('Rota failed to start:', error);
  process.exit(1);
});
