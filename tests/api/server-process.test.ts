// The server started from its sources as a process: bad settings refused, a clean stop.
// @database-independent: an embedded database in a folder of its own, never the run's database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, printed, startServer, waitForHealth } from '../helpers/server-process';

const dataDir = mkdtempSync(path.join(tmpdir(), 'ft-process-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the server process', () => {
  it('refuses a bad setting, naming the variable', async () => {
    const server = startServer(dataDir, 0, { PORT: 'not-a-port', SMTP_URL: 'http://mail' });
    expect(await server.exit).toBe(1);
    expect(server.output()).toContain('Invalid configuration:');
    expect(server.output()).toContain('PORT:');
    expect(server.output()).toContain('SMTP_URL: must start with smtp:// or smtps://');
  });

  it('starts on the embedded database, answers, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const server = startServer(dataDir, port);
    const health = await waitForHealth(port);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', database: 'up' });
    // Standard output is written in batches (plugins/logger.ts): the lines come out shortly.
    await printed(server, /is ready at/);
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    server.child.kill('SIGTERM');
    expect(await server.exit).toBe(0);
    expect(server.output()).toContain('"msg":"shutting down"');
  }, 90_000);
});
