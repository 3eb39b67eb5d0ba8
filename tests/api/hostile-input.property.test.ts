import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { insertToken } from '../../src/server/features/accounts/accounts.repository';
import { guard, newToken, TOKEN_LIFETIME_MS } from '../../src/server/plugins/auth';
import { createLogPayload } from '../../src/shared/logs/log-entry.factory';
import { expectNoInternals } from '../helpers/accounts';
import {
  createSupervisor,
  createTrainee,
  DEFAULT_PASSWORD,
  type TestUser,
} from '../helpers/factories';
import {
  classExamples,
  fieldCount,
  requestsFor,
  type Actor,
  type HostileRequest,
  type PlausibleValues,
  type Route,
} from '../helpers/hostile-requests';
import { runsOf, seedOf } from '../helpers/sample-size';
import { createTableFingerprint } from '../helpers/table-fingerprint';
import { createTestApp } from '../helpers/test-app';

/*
 * Every route the app registers (read from its own route table, so a new route is covered
 * without a change here), called with arbitrary and hostile path, query and body, as nobody, as a
 * trainee and as a linked supervisor: no answer is a 5xx or shows internals, an error answer has
 * the contract's shape, and a refused request leaves every user-data table as it was.
 */

const SEED = seedOf(20_260_320);
/**
 * Random requests per route, more where there are more fields to break (the nightly run's are
 * many more), after one request per field and class of value that once failed in the database
 * (classExamples).
 */
const runsFor = (route: Route) =>
  runsOf(Math.min(24, 4 + 2 * fieldCount(route)), Math.min(300, 60 + 10 * fieldCount(route)));

const errorLines: string[] = [];
// The error lines (a 5xx's cause) go into a failure's message.
const t = await createTestApp(
  {},
  { logLevel: 'error', logStream: { write: (line) => void errorLines.push(line) } },
);
const fingerprint = await createTableFingerprint(t.db);

// HEAD twins of GET routes are left out: Fastify answers them with the GET route's handler.
const allRoutes: Route[] = t.routes.flatMap((route) =>
  [route.method].flat().map((method) => ({
    method,
    url: route.url,
    schema: route.schema,
    onRequest: route.onRequest,
  })),
);
const routes = allRoutes.filter(
  (route) =>
    route.method !== 'HEAD' ||
    !allRoutes.some((other) => other.method === 'GET' && other.url === route.url),
);

let trainee: TestUser;
let supervisor: TestUser;
const tokens: Record<Exclude<Actor, 'anonymous'>, string> = { trainee: '', supervisor: '' };
/** Values a field of that name takes in a valid request, from the fixture below. */
let plausible: PlausibleValues = {};

/** Fresh tokens: a logout or a password change (a 2xx) may have revoked the last ones. */
async function mintTokens(): Promise<void> {
  for (const [actor, user] of [
    ['trainee', trainee],
    ['supervisor', supervisor],
  ] as const) {
    const { token, hash } = newToken();
    await insertToken(t.db, {
      userId: user.id,
      tokenHash: hash,
      expiresAt: new Date(t.clock.now.getTime() + TOKEN_LIFETIME_MS),
    });
    tokens[actor] = token;
  }
}

beforeAll(async () => {
  t.clock.now = new Date('2026-03-20T15:00:00Z');
  trainee = await createTrainee(t.db);
  supervisor = await createSupervisor(t.db);
  const other = await createTrainee(t.db);
  const addRecord = async (user: TestUser, email: string) => {
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/trainee-supervisors/',
      token: user.token,
      payload: { name: 'Dana', lastname: 'Reyes', email },
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: number }>().id;
  };
  const recordId = await addRecord(trainee, supervisor.email);
  const otherRecordId = await addRecord(other, 'someone@example.com');
  const addLog = async (user: TestUser, record: number, date: string) => {
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/experience-log/',
      token: user.token,
      payload: createLogPayload({
        supervisor: record,
        trainee_supervisor: record,
        date_of_experience: date,
      }),
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: number }>().id;
  };
  const logIds = [
    await addLog(trainee, recordId, '2026-03-02'),
    await addLog(trainee, recordId, '2026-03-03'),
    await addLog(trainee, recordId, '2026-03-04'),
  ];
  const otherLogId = await addLog(other, otherRecordId, '2026-03-02');
  const log = createLogPayload({ supervisor: recordId, trainee_supervisor: recordId });
  plausible = {
    ...Object.fromEntries(Object.entries(log).map(([field, value]) => [field, [value]])),
    date_of_experience: ['2026-03-05', '2026-03-06', '2026-03-19'],
    individual_or_group: ['Individual', 'Group', 'No supervision'],
    log: [log],
    id: [...logIds, recordId, trainee.id, supervisor.id, otherLogId, otherRecordId, other.id],
    u_id: [trainee.id, other.id, supervisor.id],
    u: [supervisor.id],
    log_id: [...logIds, otherLogId],
    log_ids: [logIds, [otherLogId]],
    month: ['2026-03', '2026-02'],
    is_approved: [true],
    is_flag: [true],
    data: [{ setting: true }, { experience_note: { flagged: true, comment: 'Check' } }],
    comments: [{ setting: 'Check the setting' }],
    start_date: ['2026-03-01'],
    end_date: ['2026-03-31'],
    from_date: ['2026-03-01', ''],
    to_date: ['2026-03-31', ''],
    tasks: [['A.1'], []],
    name: ['Dana'],
    lastname: ['Reyes', ''],
    email: [trainee.email, supervisor.email, 'new.person@example.com'],
    username: [trainee.email, supervisor.email],
    supervisor_email: [supervisor.email, 'someone@example.com'],
    password: [DEFAULT_PASSWORD],
    old_password: [DEFAULT_PASSWORD],
    new_password1: ['another-horse-43'],
    new_password2: ['another-horse-43'],
    token: ['123456', 'ab'.repeat(24)],
    is_supervisor: [false, true],
    bacb_account_number: ['BACB123456'],
    bacb_certification_number: ['1-23-45678'],
    supervisor_qualification: ['BCBA'],
    date_qualified: ['2020-01-15'],
    date_contract: ['2026-01-10'],
  };
  await mintTokens();
});
afterAll(async () => t.close());

/** The roles a route's guard lets in (a public route lets both in, and nobody). */
function allowedActors(route: Route): Actor[] {
  const hooks = [route.onRequest].flat();
  if (hooks.includes(guard.trainee)) return ['trainee'];
  if (hooks.includes(guard.supervisor)) return ['supervisor'];
  if (hooks.includes(guard.user)) return ['trainee', 'supervisor'];
  return ['anonymous', 'trainee', 'supervisor'];
}

const ContractErrorBody = z.union([
  z.object({ detail: z.string(), code: z.string() }).strict(),
  // Payment outcomes also carry `error`, the field the contract's client toasts (decision 010).
  z.object({ error: z.string(), detail: z.string(), code: z.string() }).strict(),
  z.record(z.string(), z.array(z.string()).min(1)),
  // A refusal the client handles by its code (the official forms' fill refusals).
  z.object({ non_field_errors: z.array(z.string()).min(1), code: z.string() }).strict(),
]);

let baseline: Record<string, string> = {};

async function send(route: Route, request: HostileRequest): Promise<LightMyRequestResponse> {
  const token = request.actor === 'anonymous' ? undefined : tokens[request.actor];
  return t.app.inject({
    method: route.method,
    url: request.query ? `${request.path}?${request.query}` : request.path,
    remoteAddress: request.remoteAddress,
    headers: {
      ...(token ? { authorization: `token ${token}` } : {}),
      ...(request.body !== undefined ? { 'content-type': request.contentType } : {}),
    },
    ...(request.body !== undefined ? { payload: request.body } : {}),
  });
}

describe('every route, with hostile input', () => {
  beforeAll(async () => {
    baseline = await fingerprint();
  });

  it.each(routes)(
    '$method $url never answers 5xx and stores nothing it refuses',
    async (route) => {
      await fc.assert(
        fc.asyncProperty(requestsFor(route, plausible, allowedActors(route)), async (request) => {
          errorLines.length = 0;
          const response = await send(route, request);
          const context = `${route.method} ${request.path}?${request.query} → ${response.statusCode} ${response.body.slice(0, 300)}\n${errorLines.join('\n')}`;
          expect(response.statusCode, context).toBeLessThan(500);
          if (response.statusCode < 400) {
            await mintTokens();
            baseline = await fingerprint();
            return;
          }
          expectNoInternals(response);
          const isJson = String(response.headers['content-type']).startsWith('application/json');
          if (isJson) {
            expect(ContractErrorBody.safeParse(response.json()).success, context).toBe(true);
          }
          expect(await fingerprint(), context).toEqual(baseline);
        }),
        {
          seed: SEED,
          numRuns: runsFor(route),
          examples: classExamples(route, plausible, allowedActors(route)).map((request) => [
            request,
          ]),
        },
      );
    },
    120_000,
  );
});
