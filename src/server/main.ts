import { openConfiguredDatabase } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { loadConfig } from './env';

/** Graceful on SIGTERM/SIGINT; past SHUTDOWN_TIMEOUT_SECONDS the process exits anyway. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
  // PGlite's open overlaps the server's loading (decision 014).
  const openingDatabase = openConfiguredDatabase(config);
  // Reported where buildApp awaits it, not as an unhandled rejection.
  openingDatabase.catch(() => undefined);
  const { buildApp } = await import('./app');
  const app = await buildApp({ config, openingDatabase });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown timed out; exiting with requests still in flight');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_SECONDS * 1000);
    force.unref();
    app.close().then(
      () => {
        app.log.info('shut down');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Fieldwork Tracker is ready at ${config.APP_URL} (Node ${process.version})`);
}

main().catch((error: unknown) => {
  // A situation, not a bug: its one line says what to do.
  process.stderr.write(
    error instanceof DataDirLockedError
      ? `${error.message}\n`
      : `Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
