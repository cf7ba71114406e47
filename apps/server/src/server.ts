import { isIP, type AddressInfo } from 'node:net';
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
  const listening = listeningUrl(config.host, app.server.address() as AddressInfo);
  app.log.info(
    {
      database: runtime.composition.database.driver,
      ready_ms: Math.round(performance.now() - started),
      url: config.publicUrl,
      listening,
    },
    'Rota is ready',
  );
  // One plain line beside the JSON logs, for whoever started it by hand.
  console.log(`Rota is ready: ${listening}`);

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

/**
 * Where the server listens: the port it got (PORT=0 picks one), and HOST as given when it is a name
 * (`localhost` may be bound on 127.0.0.1 and ::1 both), else the address bound.
 */
function listeningUrl(host: string, bound: AddressInfo): string {
  const name = isIP(host) === 0 ? host : bound.address;
  return `http://${isIP(name) === 6 ? `[${name}]` : name}:${bound.port}`;
}

main().catch((error: unknown) => {
  console.error('Rota failed to start:', error);
  process.exit(1);
});
