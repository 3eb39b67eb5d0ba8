import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dataDir = mkdtempSync(path.join(tmpdir(), 'ft-process-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function freePort(): Promise<number> {
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

/** Starts the real entry point the way `npm start` does, without npm in between. */
function startServer(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      CLIENT_DIST: '.tmp/no-client',
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

describe('the server process', () => {
  it('refuses a bad setting, naming the variable', async () => {
    const { child, output } = startServer({ PORT: 'not-a-port', SMTP_URL: 'http://mail' });
    expect(await exited(child)).toBe(1);
    expect(output()).toContain('Invalid configuration:');
    expect(output()).toContain('PORT:');
    expect(output()).toContain('SMTP_URL: must start with smtp:// or smtps://');
  });

  it('starts on the embedded database, answers, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const { child, output } = startServer({ PORT: String(port), HOST: '127.0.0.1' });
    const started = Date.now();
    let health: Response | undefined;
    while (!health && Date.now() - started < 60_000) {
      health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
      if (!health) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(health?.status).toBe(200);
    expect(await health?.json()).toEqual({ status: 'ok', database: 'up' });
    const lines = output()
      .split('\n')
      .filter((line) => line.startsWith('{'));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    child.kill('SIGTERM');
    expect(await exited(child)).toBe(0);
    expect(output()).toContain('"msg":"shutting down"');
  }, 90_000);
});
