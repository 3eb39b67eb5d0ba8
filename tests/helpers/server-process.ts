import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export type RunningProcess = {
  child: ChildProcess;
  /** Everything it printed so far, stdout and stderr together. */
  output: () => string;
  /** Resolves with the exit code (null when a signal ended it), once its output is all read. */
  exit: Promise<number | null>;
};

/**
 * Runs an entry point the way `npm start` and `npm run demo` do, without npm in between: a
 * TypeScript one through tsx, built JavaScript as it is. On the embedded database in `dataDir`
 * (DATABASE_URL is dropped, even in the PostgreSQL run, unless `env` names one).
 */
export function startProcess(
  entry: string,
  dataDir: string,
  env: Record<string, string> = {},
): RunningProcess {
  let output = '';
  const args = entry.endsWith('.ts') ? ['--import', 'tsx', entry] : [entry];
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      CLIENT_DIST: '.tmp/no-client',
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<number | null>((resolve) =>
    child.once('close', (code) => resolve(code)),
  );
  return { child, output: () => output, exit };
}

/** Starts the real server entry point on `port` (the TypeScript sources, or a built `entry`). */
export const startServer = (
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
  entry = 'src/server/main.ts',
) => startProcess(entry, dataDir, { PORT: String(port), HOST: '127.0.0.1', ...env });

/** Polls /api/health until the server answers (or `timeoutMs` passes). */
export async function waitForHealth(port: number, timeoutMs = 60_000): Promise<Response> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
    if (health) return health;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nothing answered on port ${port} within ${timeoutMs} ms`);
}

/** Resolves once the process has printed something matching `pattern`. */
export function printed(running: RunningProcess, pattern: RegExp): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = running.output().match(pattern);
      if (!match) return false;
      running.child.stdout?.off('data', check);
      running.child.stderr?.off('data', check);
      resolve(match);
      return true;
    };
    if (check()) return;
    running.child.stdout?.on('data', check);
    running.child.stderr?.on('data', check);
    void running.exit.then(() => {
      if (!check()) reject(new Error(`exited without printing ${pattern}:\n${running.output()}`));
    });
  });
}
