import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import pg from 'pg';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { z } from 'zod';
import { AppError } from '../../shared/errors';
import { mailQueueDepth } from '../adapters/mail/mail-queue';
import type { StoragePort } from '../adapters/storage/storage.port';
import type { Database } from '../db/client';
import { countUnfinishedJobRuns } from '../jobs/job-runs.repository';
import { SCHEDULED_PREFIX } from '../jobs/scheduled-jobs';

/*
 * Readiness and metrics (docs/deploying.md). /api/ready answers 503 once shutdown starts, so the
 * balancer drains us. Metrics label by route pattern so no id becomes a series.
 */

const READY_TIMEOUT_MS = 2_000;
/** Any prefix will do; an empty one costs the least. */
const READY_PROBE_PREFIX = 'ready-probe/';
const UNMATCHED = '(unmatched)';

export type OperationsOptions = {
  database: Database;
  storage: StoragePort;
  metricsToken: string | undefined;
  now: () => Date;
};

export function registerOperations(app: FastifyInstance, options: OperationsOptions): void {
  const { database, storage, now } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  typed.get(
    '/api/ready',
    {
      schema: {
        tags: ['health'],
        response: {
          200: z.object({ status: z.literal('ready') }),
          503: z.object({ detail: z.string(), code: z.string() }),
        },
      },
    },
    async () => {
      if (closing) throw unavailable('This instance is shutting down.');
      const [databaseUp, storageUp] = await Promise.all([
        withTimeout(database.ping()),
        withTimeout(storageAnswers(storage)),
      ]);
      if (!databaseUp) throw unavailable('The database is not reachable.');
      if (!storageUp) throw unavailable('The file storage is not reachable.');
      return { status: 'ready' as const };
    },
  );

  const registry = new Registry();
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? UNMATCHED;
    if (route === '/metrics') return;
    const labels = { method: request.method, route, status_code: String(reply.statusCode) };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
  });

  const pool = poolOf(database);
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections of this instance: total, idle, and requests waiting for one (PGlite has no pool: none).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, pool?.totalCount ?? 0);
      this.set({ state: 'idle' }, pool?.idleCount ?? 0);
      this.set({ state: 'waiting' }, pool?.waitingCount ?? 0);
    },
  });
  new Gauge({
    name: 'mail_queue_messages',
    help: 'SMTP mails not yet delivered (every instance sees the same queue): waiting for a later attempt, due now, given up.',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const depth = await mailQueueDepth(database.db, now());
      this.set({ state: 'waiting' }, depth.waiting);
      this.set({ state: 'due' }, depth.due);
      this.set({ state: 'given_up' }, depth.givenUp);
    },
  });
  new Gauge({
    name: 'job_runs_unfinished',
    help: 'Scheduled job runs claimed and not finished: running within their lease, or past it (their instance died; due to be taken over).',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const runs = await countUnfinishedJobRuns(database.db, SCHEDULED_PREFIX, now());
      this.set({ state: 'running' }, runs.running - runs.expired);
      this.set({ state: 'due' }, runs.expired);
    },
  });

  const expected = options.metricsToken ? digest(options.metricsToken) : undefined;
  typed.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!expected) throw new AppError('NOT_FOUND', 'Not found.');
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!given || !timingSafeEqual(digest(given), expected)) {
      throw new AppError('UNAUTHENTICATED', 'Authentication credentials were not provided.');
    }
    const text = await registry.metrics();
    return reply.header('content-type', registry.contentType).send(text);
  });
}

function unavailable(message: string): AppError {
  return new AppError('UNAVAILABLE', message);
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

async function storageAnswers(storage: StoragePort): Promise<boolean> {
  try {
    for await (const _object of storage.list(READY_PROBE_PREFIX)) break;
    return true;
  } catch {
    return false;
  }
}

async function withTimeout(check: Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check, late]);
  } finally {
    clearTimeout(timer);
  }
}

function poolOf(database: Database): pg.Pool | undefined {
  const client = (database.db as unknown as { $client: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}
