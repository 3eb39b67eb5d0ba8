import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { startTestIssuer } from '../../helpers/oidc-provider';
import { startMailReceiver } from './mail-receiver';
import { E2E_ENV } from './paths';

const ROOT = path.resolve(import.meta.dirname, '../../..');
/** The built client; E2E_CLIENT_DIST points elsewhere when several runs share one checkout. */
const CLIENT_DIST = process.env.E2E_CLIENT_DIST ?? 'dist/client';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address !== 'string'
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(
  url: string,
  exited: () => string | null,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const exit = exited();
    if (exit) throw new Error(`the server stopped before it was ready (${exit}); see its log`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer ${url}/api/health within ${timeoutMs / 1000} s`);
}

/**
 * Starts a real SMTP receiver, a real OpenID Connect provider (the Google of the sign-in tests)
 * and the real server as `npm start` runs it (scripts/start.mjs: the built bundle, built first
 * when stale) on a fresh embedded database, and stops both when the run ends.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(path.join(ROOT, CLIENT_DIST, 'index.html'))) {
    throw new Error(
      `No client in ${CLIENT_DIST}: run \`npm run test:e2e\`, or \`npx vite build\` first.`,
    );
  }
  const tmp = path.join(ROOT, '.tmp');
  const dataDir = path.join(tmp, `e2e-data-${process.pid}`);
  const mailDir = path.join(tmp, 'e2e-mail', String(process.pid));
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const mail = await startMailReceiver(mailDir);

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const issuer = await startTestIssuer(baseUrl);
  const logFile = path.join(tmp, `e2e-server-${process.pid}.log`);
  const log = openSync(logFile, 'w');
  // The run's own embedded database: a DATABASE_URL in the caller's environment (CI sets one for
  // the API suite) names a database that outlives the run, whose rows (a blank form installed
  // for everyone, say) a later run would find.
  const { DATABASE_URL: _outlivesTheRun, ...callerEnv } = process.env;
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: {
      ...callerEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      CLIENT_DIST,
      // The test harness stands in for a proxy: API-made accounts each name their own client
      // address, so the per-address sign-up limit applies to each as to a separate person.
      TRUST_PROXY: 'true',
      // Lets a test move one account's billing clock and run the background jobs at once; the
      // server starts with it only in the test environment.
      TEST_HOOKS: 'true',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // "Continue with Google" signs in at the provider above.
      ...issuer.env,
    },
    stdio: ['ignore', log, log],
  });
  let exit: string | null = null;
  server.once('exit', (code, signal) => {
    exit = `exit code ${code ?? '-'}, signal ${signal ?? '-'}`;
  });
  if (server.pid) writeFileSync(path.join(tmp, 'e2e-server.pid'), String(server.pid));

  const stop = async () => {
    if (exit === null && server.pid) {
      const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
      process.kill(server.pid, 'SIGTERM');
      const timer = setTimeout(
        () => server.pid && exit === null && process.kill(server.pid, 'SIGKILL'),
        15_000,
      );
      await exited;
      clearTimeout(timer);
    }
    await mail.close();
    await issuer.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(mailDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, () => exit, 90_000);
  } catch (error) {
    await stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)} (${logFile})`, {
      cause: error,
    });
  }
  // The workers read these (they inherit the runner's environment).
  process.env[E2E_ENV.baseUrl] = baseUrl;
  process.env[E2E_ENV.mailDir] = mailDir;
  return stop;
}
