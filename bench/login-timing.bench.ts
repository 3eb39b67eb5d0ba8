// Timing of a failed sign-in with a known email (wrong password) against an unknown email, through
// the whole app in process (routes, lockout writes, argon2id): the two must not be told apart.
// Run: `npm run bench:login` (PGlite in a new folder; BENCH_POSTGRES_URL names a PostgreSQL
// database to use instead). LOGIN_SAMPLES sets the requests of each kind (default 200), interleaved.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/server/app';
import { openDatabase } from '../src/server/db/client';
import { loadConfig } from '../src/server/env';
import { createTrainee } from '../tests/helpers/factories';
import { median } from './support/server';

const SAMPLES = Number(process.env.LOGIN_SAMPLES ?? 200);
const WARM_UP = 20;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const sd = (values: number[]) => {
  const m = mean(values);
  return Math.sqrt(values.reduce((sum, value) => sum + (value - m) ** 2, 0) / (values.length - 1));
};

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ft-bench-login-'));
  const databaseUrl = process.env.BENCH_POSTGRES_URL;
  const database = await openDatabase({ databaseUrl, dataDir });
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    CLIENT_DIST: '.tmp/no-client',
  });
  const app = await buildApp({ config, database, logger: false });
  try {
    const user = await createTrainee(database.db);
    let host = 0;
    // Each request from its own address: neither a lock nor the address limit answers instead.
    const attempt = async (username: string) => {
      host += 1;
      const started = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/login/',
        payload: { username, password: 'wrong-password-1' },
        remoteAddress: `10.${(host >> 16) & 255}.${(host >> 8) & 255}.${host & 255}`,
      });
      const elapsed = performance.now() - started;
      if (response.statusCode !== 400) throw new Error(`unexpected ${response.statusCode}`);
      return elapsed;
    };
    const unknownEmail = (i: number) => `nobody-${i}@example.com`;
    for (let i = 0; i < WARM_UP; i += 1) {
      await attempt(user.email);
      await attempt(unknownEmail(i));
    }
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < SAMPLES; i += 1) {
      // Alternating, so that drift on a shared machine falls on both alike.
      if (i % 2 === 0) {
        known.push(await attempt(user.email));
        unknown.push(await attempt(unknownEmail(WARM_UP + i)));
      } else {
        unknown.push(await attempt(unknownEmail(WARM_UP + i)));
        known.push(await attempt(user.email));
      }
    }
    const row = (name: string, values: number[]) =>
      `| ${name} | ${median(values).toFixed(1)} | ${percentile(values, 90).toFixed(1)} | ${mean(values).toFixed(1)} | ${sd(values).toFixed(1)} |`;
    const difference = mean(known) - mean(unknown);
    const standardError = Math.sqrt(
      sd(known) ** 2 / known.length + sd(unknown) ** 2 / unknown.length,
    );
    console.log(`Failed sign-ins, ${SAMPLES} of each, ${databaseUrl ? 'PostgreSQL' : 'PGlite'}:`);
    console.log('| email | median ms | p90 ms | mean ms | sd ms |');
    console.log('|---|---|---|---|---|');
    console.log(row('known (wrong password)', known));
    console.log(row('unknown', unknown));
    console.log(
      `mean difference known − unknown: ${difference.toFixed(2)} ms ` +
        `(95% interval ${(difference - 1.96 * standardError).toFixed(2)} to ${(difference + 1.96 * standardError).toFixed(2)} ms)`,
    );
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
