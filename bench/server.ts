// The server `npm run bench:api` measures: the app built as src/server/main.ts builds it (its config
// from the environment, its logger, every plugin), and beside it, on BENCH_BARE_PORT, a bare
// Fastify route doing one indexed SELECT through the same database connection: the stack's own
// limit. The bare server also counts the statements sent to PostgreSQL (GET /queries), so the
// benchmark can count round trips per request without touching the app. Two more bare routes
// bound what an endpoint could reach: GET /answer/:id sends a stored answer (an endpoint's bytes)
// after the bare route's SELECT, and GET /replay sends, in turn, the statements recorded from the
// endpoint's own requests (its database work, with nothing of the app around it).
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { openDatabase } from '../src/server/db/client';
import { loadConfig } from '../src/server/env';
import { rawClient } from './bench-data';

export type Statement = { text: string; values: unknown[]; name?: string };
let statements = 0;
let recorded: Statement[] | null = null;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  statements += 1;
  const [first, second] = args;
  if (recorded) {
    const config = typeof first === 'string' ? { text: first } : (first as Partial<Statement>);
    const values = Array.isArray(second) ? second : (config.values ?? []);
    recorded.push({
      text: String(config.text),
      values,
      ...(config.name ? { name: config.name } : {}),
    });
  }
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
  });
  const app = await buildApp({ config, database });
  await app.listen({ port: config.PORT, host: '127.0.0.1' });

  const client = rawClient(database);
  const bare = Fastify({ logger: false });
  // The bare route's one indexed SELECT.
  const selectUser = async (id: string) =>
    (await client.query('select id, name, email from users where id = $1', [Number(id)])).rows[0];
  bare.get<{ Params: { id: string } }>(
    '/bare/:id',
    async (request) => (await selectUser(request.params.id)) ?? {},
  );
  // An endpoint's answer, sent after the bare route's own SELECT: what its bytes alone cost.
  let answer = '{}';
  bare.post<{ Body: { answer: string } }>('/answer', async (request) => {
    answer = request.body.answer;
    return {};
  });
  bare.get<{ Params: { id: string } }>('/answer/:id', async (request, reply) => {
    await selectUser(request.params.id);
    return reply.type('application/json; charset=utf-8').send(answer);
  });
  // An endpoint's statements, one recorded request's in turn, each under its prepared name as the
  // app sent it, answered with the last one's rows as the driver gives them.
  let groups: Statement[][] = [];
  let turn = 0;
  bare.post<{ Body: { groups: Statement[][] } }>(
    '/replay',
    { bodyLimit: 64 * 1024 * 1024 },
    async (request) => {
      groups = request.body.groups;
      turn = 0;
      return {};
    },
  );
  // PostgreSQL only (the statements are recorded from pg's client): a Pool takes a query config.
  const pool = client as unknown as pg.Pool;
  bare.get('/replay', async (_request, reply) => {
    const group = groups[turn++ % groups.length] ?? [];
    let rows: unknown[] = [];
    // A transaction's statements go to one connection, as the app sends them.
    const inTransaction = group.some((statement) => /^begin/i.test(statement.text.trim()));
    const connection = inTransaction ? await pool.connect() : pool;
    try {
      for (const statement of group) rows = (await connection.query(statement)).rows;
    } finally {
      if (inTransaction) (connection as pg.PoolClient).release();
    }
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(rows));
  });
  bare.get('/queries', async () => ({ statements }));
  bare.get('/cpu', async () => {
    const usage = process.cpuUsage();
    return { us: usage.user + usage.system };
  });
  // The statements of the requests between POST /record and GET /recorded (EXPLAIN reads them).
  bare.post('/record', async () => {
    recorded = [];
    return {};
  });
  bare.get('/recorded', async () => {
    const out = recorded ?? [];
    recorded = null;
    return out;
  });
  await bare.listen({ port: Number(process.env.BENCH_BARE_PORT), host: '127.0.0.1' });

  // Stopped by the benchmark: close cleanly, so that --cpu-prof writes its profile.
  process.on('SIGTERM', () => {
    void Promise.all([app.close(), bare.close()])
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
