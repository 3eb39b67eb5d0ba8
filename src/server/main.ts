import { buildApp } from './app';
import { DataDirLockedError } from './db/data-dir-lock';
import { loadConfig } from './env';

/** Starts the server and stops it gracefully: in-flight requests finish before exit. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
  const app = await buildApp({ config });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Fieldwork Tracker is ready at ${config.APP_URL}`);
}

main().catch((error: unknown) => {
  // Another process holding DATA_DIR is a situation, not a bug: its one line says what to do.
  process.stderr.write(
    error instanceof DataDirLockedError
      ? `${error.message}\n`
      : `Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
