import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { JOB_LEASE_MS, claimJobRun, finishJobRun } from '../../src/server/jobs/job-runs.repository';
import { createLogPayload } from '../../src/shared/logs/log-entry.factory';
import { PASSWORD, newEmail, traineeSignup } from '../helpers/accounts';
import { createSupervisor, createTrainee } from '../helpers/factories';
import { freePort } from '../helpers/server-process';
import {
  METRICS_TOKEN,
  createClusterDatabase,
  send,
  startInstance,
  startNginx,
  startS3,
  startSmtpReceiver,
  stopInstance,
  waitFor,
  waitUntilReady,
  type Instance,
  type Reply,
  type RequestOptions,
} from './cluster-harness';

/*
 * Two instances of the built server on one PostgreSQL database, behind nginx, with S3 and SMTP
 * (cluster-harness.ts). Run by `npm run test:cluster` (scripts/test-cluster.ts), which builds
 * the server first. The tests run in order and share the cluster; each makes its own accounts.
 */

/** No test waits on a state for ever: past this it fails, and the cluster is still torn down. */
const LIMIT = { timeout: 900_000 };

const MIGRATIONS = readdirSync(
  resolve(import.meta.dirname, '../../src/server/db/migrations'),
).filter((name) => name.endsWith('.sql'));

let database: Awaited<ReturnType<typeof createClusterDatabase>>;
let s3: Awaited<ReturnType<typeof startS3>>;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let nginx: Awaited<ReturnType<typeof startNginx>>;
let env: Record<string, string>;
let a: Instance;
let b: Instance;
const ports: number[] = [];

/** A loopback address of its own for each simulated client (127.0.0.0/8). */
let nextClient = 10;
const newClient = () => `127.0.${Math.floor(nextClient / 250)}.${(nextClient++ % 250) + 2}`;

const viaNginx = (options: RequestOptions) => send(nginx.base, nginx.ca, options);
/** Signs in through `instance`; resolves with the session token. */
async function logIn(instance: Instance, email: string, password: string, from: string) {
  const reply = await direct(instance, {
    method: 'POST',
    path: '/api/v1/login/',
    body: { username: email, password },
    from,
  });
  assert.equal(reply.status, 200, reply.body);
  return reply.json<{ token: string }>().token;
}

/** Gives the trainee a supervisor record (asking the account when `email` is a supervisor's); its id. */
async function addSupervisorRecord(
  through: (options: RequestOptions) => Promise<Reply>,
  token: string,
  email: string,
  from: string,
): Promise<number> {
  const reply = await through({
    method: 'POST',
    path: '/api/v1/trainee-supervisors/',
    token,
    body: { name: 'Dana', lastname: 'Reyes', email },
    from,
  });
  assert.equal(reply.status, 201, reply.body);
  return reply.json<{ id: number }>().id;
}

/** The error lines an instance logged, for a failure's message. */
const errorsOf = (instance: Instance) =>
  instance
    .logLines()
    .filter((line) => Number(line.level) >= 50)
    .map((line) => JSON.stringify(line))
    .join('\n');
const direct = (instance: Instance, options: RequestOptions) =>
  send(instance.base, undefined, options);

before(async () => {
  database = await createClusterDatabase();
  [s3, smtp] = await Promise.all([startS3(), startSmtpReceiver()]);
  ports.push(await freePort(), await freePort());
  const nginxPlaceholder = await freePort();
  env = {
    DATABASE_URL: database.url,
    ...s3.env,
    SMTP_URL: smtp.url,
    APP_URL: `https://127.0.0.1:${nginxPlaceholder}`,
    TRUST_PROXY: 'true',
    TEST_HOOKS: 'true',
    NODE_ENV: 'test',
    METRICS_TOKEN,
    // As docs/deploying.md asks of several instances (s3rver ignores conditional writes).
    STORAGE_SIGNING_KEY: 'cluster-test-signing-key-0123456789abcdef',
  };
  // Both at the same moment, on a database nobody has migrated.
  a = startInstance('a', ports[0] ?? 0, env);
  b = startInstance('b', ports[1] ?? 0, env);
  await Promise.all([waitUntilReady(a), waitUntilReady(b)]);
  nginx = await startNginx(ports);
});

after(async () => {
  await Promise.all([a, b].map((instance) => instance && stopInstance(instance, 'SIGTERM')));
  await nginx?.stop();
  await Promise.all([smtp?.close(), s3?.close()]);
  await database?.drop();
});

describe('several instances on one database', () => {
  it('migrates the database once when both instances start at the same moment', LIMIT, async () => {
    const applied = await database.query<{ hash: string }>(
      'select hash from drizzle.__drizzle_migrations',
    );
    assert.equal(applied.length, MIGRATIONS.length);
    assert.equal(new Set(applied.map((row) => row.hash)).size, MIGRATIONS.length);
    const leases = await database.query<{ column_name: string }>(
      "select column_name from information_schema.columns where table_name = 'job_runs' and column_name = 'lease_until'",
    );
    assert.equal(leases.length, 1);
    for (const instance of [a, b]) {
      const failures = instance.logLines().filter((line) => Number(line.level) >= 50);
      assert.deepEqual(failures, [], `${instance.name} logged errors`);
    }
  });

  it(
    'is ready behind nginx; /metrics is hidden at the proxy and behind its token',
    LIMIT,
    async () => {
      const ready = await viaNginx({ path: '/api/ready' });
      assert.equal(ready.status, 200);
      assert.deepEqual(ready.json(), { status: 'ready' });
      assert.equal((await viaNginx({ path: '/metrics' })).status, 404);

      const anonymous = await direct(a, { path: '/metrics' });
      assert.equal(anonymous.status, 401);
      assert.equal(anonymous.json().code, 'UNAUTHENTICATED');
      // A route with a parameter is counted under its pattern, never under the URL asked.
      const trainee = await createTrainee((await database.open()).db);
      await direct(a, { path: '/api/v1/experience-log/999999/', token: trainee.token });
      const metrics = await direct(a, {
        path: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      assert.equal(metrics.status, 200);
      assert.match(metrics.headers['content-type'] ?? '', /^text\/plain/);
      assert.match(
        metrics.body,
        /http_requests_total\{method="GET",route="\/api\/ready",status_code="200"\} \d+/,
      );
      assert.match(
        metrics.body,
        /http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/v1\/experience-log\/:id\/",status_code="404"\} 1/,
      );
      assert.doesNotMatch(metrics.body, /experience-log\/999999/);
      assert.match(metrics.body, /db_pool_connections\{state="total"\} [1-9]/);
      assert.match(metrics.body, /mail_queue_messages\{state="due"\} 0/);
      assert.match(metrics.body, /job_runs_unfinished\{state="due"\} 0/);
    },
  );

  it('is not ready while the storage is down, and ready again when it is back', LIMIT, async () => {
    await s3.stop();
    try {
      for (const instance of [a, b]) {
        const reply = await direct(instance, { path: '/api/ready' });
        assert.equal(reply.status, 503);
        assert.deepEqual(reply.json(), {
          detail: 'The file storage is not reachable.',
          code: 'UNAVAILABLE',
        });
        assert.equal(reply.headers['retry-after'], '5');
        // Liveness is not readiness: the process and its database still answer.
        assert.equal((await direct(instance, { path: '/api/health' })).status, 200);
      }
      assert.equal((await viaNginx({ path: '/api/ready' })).status, 503);
    } finally {
      await s3.start();
    }
    for (const instance of [a, b]) {
      assert.equal((await direct(instance, { path: '/api/ready' })).status, 200);
    }
    assert.equal((await viaNginx({ path: '/api/ready' })).status, 200);
  });

  it('signs up and in through one instance and continues through the other', LIMIT, async () => {
    const from = newClient();
    const payload = traineeSignup();
    const signup = await direct(a, {
      method: 'POST',
      path: '/api/v1/signup/',
      body: payload,
      from,
    });
    assert.equal(signup.status, 201, signup.body);
    await waitFor('the verification mail', () => smtp.to(payload.email).length === 1);
    const code = /verification code: (\d{6})/.exec(smtp.to(payload.email)[0]?.raw ?? '')?.[1];
    assert.match(code ?? '', /^\d{6}$/);

    const verified = await direct(b, {
      method: 'POST',
      path: '/users/email/verify-user/',
      body: { email: payload.email, token: code },
      from,
    });
    assert.equal(verified.status, 200, verified.body);
    const { token } = verified.json<{ token: string }>();
    for (const instance of [a, b, a]) {
      const profile = await direct(instance, { path: '/users/profile/', token, from });
      assert.equal(profile.status, 200, `${instance.name}: ${profile.body}`);
      assert.equal(
        profile.json<{ results: { email: string }[] }>().results[0]?.email,
        payload.email,
      );
    }

    const again = await logIn(b, payload.email, PASSWORD, from);
    assert.equal((await direct(a, { path: '/users/profile/', token: again, from })).status, 200);
    // And through the proxy, which sends each request to either.
    for (let i = 0; i < 6; i += 1) {
      assert.equal((await viaNginx({ path: '/users/profile/', token: again, from })).status, 200);
    }
  });

  it('holds a rate limit across instances', LIMIT, async () => {
    const from = newClient();
    const email = newEmail('limited');
    const statuses: number[] = [];
    // The verification code may be sent 5 times in 15 minutes, per address and per email.
    for (let i = 0; i < 8; i += 1) {
      const instance = i % 2 === 0 ? a : b;
      const reply = await direct(instance, {
        method: 'POST',
        path: '/api/v1/resendemail/',
        body: { email },
        from,
      });
      statuses.push(reply.status);
      if (reply.status === 429) {
        assert.match(reply.json<{ detail: string }>().detail, /^Too many attempts\./);
        assert.ok(Number(reply.headers['retry-after']) > 0);
      }
    }
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429, 429, 429]);
  });

  it(
    'honours a logout and a password change made on one instance on the other at once',
    LIMIT,
    async () => {
      const db = (await database.open()).db;
      const user = await createTrainee(db);
      const from = newClient();
      const profile = (instance: Instance, token: string) =>
        direct(instance, { path: '/users/profile/', token, from });
      // B has the session in its cache (asked twice), then A ends it.
      assert.equal((await profile(b, user.token)).status, 200);
      assert.equal((await profile(b, user.token)).status, 200);
      const logout = await direct(a, {
        method: 'POST',
        path: '/api/v1/logout/',
        token: user.token,
      });
      assert.equal(logout.status, 200);
      assert.equal((await profile(b, user.token)).status, 401);

      const onB = await logIn(b, user.email, user.password, from);
      const onA = await logIn(a, user.email, user.password, from);
      assert.equal((await profile(b, onB)).status, 200);
      assert.equal((await profile(b, onB)).status, 200);
      const changed = await direct(a, {
        method: 'POST',
        path: '/users/password/change/',
        token: onA,
        body: {
          old_password: user.password,
          new_password1: 'another-horse-77',
          new_password2: 'another-horse-77',
        },
        from,
      });
      assert.equal(changed.status, 200, changed.body);
      // The other session ends everywhere; the one that changed it goes on, on both.
      assert.equal((await profile(b, onB)).status, 401);
      assert.equal((await profile(b, onA)).status, 200);
      await logIn(b, user.email, 'another-horse-77', from);
    },
  );

  it('sends a digest once when both instances run the jobs at the same moment', LIMIT, async () => {
    const db = (await database.open()).db;
    const supervisor = await createSupervisor(db);
    const trainee = await createTrainee(db);
    const from = newClient();
    const recordId = await addSupervisorRecord(viaNginx, trainee.token, supervisor.email, from);
    // The supervisor accepts the trainee's request (issue 36): the digest is theirs to get.
    const requests = await viaNginx({
      method: 'GET',
      path: '/api/v1/link-requests/',
      token: supervisor.token,
      from,
    });
    const [request] = requests.json<{ results: { id: number }[] }>().results;
    const accepted = await viaNginx({
      method: 'POST',
      path: `/api/v1/link-requests/${request?.id}/accept/`,
      token: supervisor.token,
      from,
    });
    assert.equal(accepted.status, 200, accepted.body);
    const log = await viaNginx({
      method: 'POST',
      path: '/api/v1/experience-log/',
      token: trainee.token,
      body: createLogPayload({ supervisor: recordId, trainee_supervisor: recordId }),
      from,
    });
    assert.equal(log.status, 201, log.body);

    const runJobs = (instance: Instance) =>
      direct(instance, { method: 'POST', path: '/api/test/run-jobs' }).then((reply) => {
        assert.equal(reply.status, 200, `${reply.body}\n${errorsOf(instance)}`);
        return reply.json<Record<string, number>>();
      });
    const first = await Promise.all([runJobs(a), runJobs(b)]);
    assert.deepEqual(first.map((done) => done.digest).sort(), [0, 1]);
    const second = await Promise.all([runJobs(a), runJobs(b)]);
    assert.deepEqual(
      second.map((done) => done.digest),
      [0, 0],
    );
    // Each run returns once its mails were handed to SMTP: what arrived is all there is.
    const digests = smtp
      .to(supervisor.email)
      .filter((mail) => /^Subject: 1 log waiting for your review/m.test(mail.raw));
    assert.equal(digests.length, 1);
  });

  it(
    'gives a claimed job run to another instance only once the lease of its claimant has passed',
    LIMIT,
    async () => {
      const db = (await database.open()).db;
      const period = new Date('2026-01-01T10:00:00Z');
      const job = `scheduled:cluster-test-${Date.now()}`;
      const at = (ms: number) => new Date(period.getTime() + ms);
      // Both instances reach the period together: one claims it.
      const claims = await Promise.all([
        claimJobRun(db, job, period, at(0)),
        claimJobRun(db, job, period, at(0)),
      ]);
      assert.deepEqual(claims.sort(), [false, true]);
      // Its claimant dies without finishing: nobody takes it within the lease, somebody after.
      assert.equal(await claimJobRun(db, job, period, at(JOB_LEASE_MS - 1)), false);
      const takeovers = await Promise.all([
        claimJobRun(db, job, period, at(JOB_LEASE_MS)),
        claimJobRun(db, job, period, at(JOB_LEASE_MS)),
      ]);
      assert.deepEqual(takeovers.sort(), [false, true]);
      // Finished, it is never run again in that period, however late someone looks.
      await finishJobRun(db, job, period, at(JOB_LEASE_MS + 1));
      assert.equal(await claimJobRun(db, job, period, at(10 * JOB_LEASE_MS)), false);
    },
  );

  it(
    'loses no acknowledged write when an instance is killed mid-load, and the other keeps serving',
    LIMIT,
    async (t) => {
      const db = (await database.open()).db;
      const writers = await Promise.all(
        Array.from({ length: 4 }, async () => {
          const trainee = await createTrainee(db);
          const from = newClient();
          const recordId = await addSupervisorRecord(
            viaNginx,
            trainee.token,
            newEmail('dana'),
            from,
          );
          return { trainee, from, recordId };
        }),
      );
      const acknowledged: number[] = [];
      const failed: { startedAfterKill: boolean; status: number | string }[] = [];
      let killedAt = 0;
      let stop = false;
      const day = (n: number) =>
        new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
      const load = writers.map(async (writer, index) => {
        for (let n = 0; !stop; n += 1) {
          const startedAt = Date.now();
          const reply = await viaNginx({
            method: 'POST',
            path: '/api/v1/experience-log/',
            token: writer.trainee.token,
            body: createLogPayload({
              supervisor: writer.recordId,
              trainee_supervisor: writer.recordId,
              date_of_experience: day(n),
              experience_note: `writer ${index}, log ${n}`,
            }),
            from: writer.from,
          }).catch((error: unknown) => ({ status: String(error), json: () => ({}) }));
          if (reply.status === 201) acknowledged.push((reply.json() as { id: number }).id);
          else
            failed.push({
              startedAfterKill: killedAt > 0 && startedAt > killedAt,
              status: reply.status,
            });
        }
      });
      await waitFor('20 writes acknowledged', () => acknowledged.length >= 20);
      b.process.child.kill('SIGKILL');
      assert.equal(await b.process.exit, null);
      killedAt = Date.now();
      const beforeKill = acknowledged.length;
      await waitFor(
        '40 more writes acknowledged after the kill',
        () => acknowledged.length >= beforeKill + 40,
      );
      stop = true;
      await Promise.all(load);

      // Only requests in flight at the kill may have failed (nginx never resends a POST); none after.
      assert.ok(
        failed.length <= writers.length,
        `${failed.length} failed: ${JSON.stringify(failed.slice(0, 8))}\n${nginx.errorLog()}\n${a.process.output().slice(-3000)}`,
      );
      assert.deepEqual(
        failed.filter((failure) => failure.startedAfterKill),
        [],
      );
      const stored = await database.query<{ id: number }>(
        'select id from experience_logs where id = any($1::int[])',
        [acknowledged],
      );
      assert.equal(stored.length, acknowledged.length);
      t.diagnostic(
        `${acknowledged.length} writes acknowledged (${beforeKill} before the kill), all stored; ${failed.length} failed, all in flight at the kill`,
      );
      assert.equal(new Set(acknowledged).size, acknowledged.length);
      assert.equal((await viaNginx({ path: '/api/ready' })).status, 200);

      // B comes back on its port and takes requests again.
      b = startInstance('b', ports[1] ?? 0, env);
      await waitUntilReady(b);
    },
  );

  it('drains a request in flight on SIGTERM, then exits 0', LIMIT, async () => {
    const db = (await database.open()).db;
    const trainee = await createTrainee(db);
    const recordId = await addSupervisorRecord(
      (options) => direct(b, options),
      trainee.token,
      newEmail('dana'),
      newClient(),
    );
    const body = Buffer.from(
      JSON.stringify(
        createLogPayload({
          supervisor: recordId,
          trainee_supervisor: recordId,
          experience_note: 'drained',
        }),
      ),
    );
    // Half the body now, the rest once the instance is shutting down.
    let sendRest: () => void = () => undefined;
    const answer = new Promise<{ status: number; body: string }>((resolvePromise, reject) => {
      const req = httpRequest(
        `${b.base}/api/v1/experience-log/`,
        {
          method: 'POST',
          agent: false,
          headers: {
            authorization: `token ${trainee.token}`,
            'content-type': 'application/json',
            'content-length': String(body.length),
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolvePromise({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.write(body.subarray(0, 20));
      sendRest = () => {
        req.end(body.subarray(20));
      };
    });
    await waitFor('the request to reach the server', () =>
      b
        .logLines()
        .some(
          (line) => (line.req as { url?: string } | undefined)?.url === '/api/v1/experience-log/',
        ),
    );
    const exit = stopInstance(b, 'SIGTERM');
    await waitFor('the instance to start shutting down', () =>
      b.logLines().some((line) => String(line.msg).startsWith('shutting down')),
    );
    // It takes no new connection while it drains.
    await assert.rejects(direct(b, { path: '/api/health' }));
    sendRest();
    const reply = await answer;
    assert.equal(reply.status, 201, reply.body);
    assert.equal(await exit, 0);
    const id = (JSON.parse(reply.body) as { id: number }).id;
    assert.equal(
      (await database.query('select id from experience_logs where id = $1', [id])).length,
      1,
    );
    // The proxy sends everything to A meanwhile.
    assert.equal((await viaNginx({ path: '/api/ready' })).status, 200);
    b = startInstance('b', ports[1] ?? 0, env);
    await waitUntilReady(b);
  });

  it(
    'logs the request id of the proxy on every line of the request, and echoes it',
    LIMIT,
    async () => {
      const reply = await viaNginx({ path: '/api/ready' });
      const id = String(reply.headers['x-request-id']);
      assert.match(id, /^[0-9a-f]{32}$/);
      await waitFor('the request logged with the proxy id', () =>
        [a, b].some((instance) => instance.logLines().some((line) => line.reqId === id)),
      );
      const lines = [a, b]
        .flatMap((instance) => instance.logLines())
        .filter((line) => line.reqId === id);
      assert.ok(lines.some((line) => line.msg === 'request completed'));
      await waitFor('the proxy access log line', () => nginx.accessLog().includes(`id=${id}`));
    },
  );

  it('keeps a calendar feed’s token out of the proxy’s log and the instances’', LIMIT, async () => {
    const token = 'f'.repeat(48);
    const reply = await viaNginx({ path: `/api/v1/calendar/${token}/feed.ics` });
    assert.equal(reply.status, 404);
    const id = String(reply.headers['x-request-id']);
    await waitFor('the proxy access log line', () => nginx.accessLog().includes(`id=${id}`));
    assert.ok(nginx.accessLog().includes('"GET /api/v1/calendar/[redacted]/feed.ics HTTP/1.1"'));
    assert.ok(!nginx.accessLog().includes(token));
    const logged = JSON.stringify([a, b].flatMap((instance) => instance.logLines()));
    assert.ok(!logged.includes(token));
  });
});
