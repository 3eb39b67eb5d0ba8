import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogPayload } from '../../src/shared/logs/log-entry.factory';
import type { LogEntryWire } from '../../src/shared/logs/log-entry.schema';
import { forgetDashboardFigures } from '../../src/server/features/progress/progress.service';
import { createSupervisor, createTrainee, type TestUser } from '../helpers/factories';
import {
  insertDailyLogs,
  insertSupervisorRecord,
  UNSUPERVISED_PAYLOAD,
} from '../helpers/log-factory';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * The dashboards keep their figures per trainee under the progress revision of the month rows
 * and forms they were computed from (progress.service.ts, migration 0017). After every kind of change, made in random order
 * with random values, what they answer must equal what a fresh computation from the month rows
 * answers (the path they took before figures were kept), and the month rows must equal the sums
 * of the live logs (month-totals.test.ts checks the same after each kind of change).
 */

let t: TestApp;
let trainee: TestUser;
let supervisor: TestUser;
let recordId: number;

/** A seeded generator (mulberry32): the same sequence on every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const next = random(20261126);
const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;

const MONTHS = ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05'];
/** A month of one structure holds one fieldwork type (the seeded days: January 1, March 2). */
const MONTH_TYPES: Record<string, 1 | 2> = {
  '2026-01': 1,
  '2026-02': 2,
  '2026-03': 2,
  '2026-04': 1,
  '2026-05': 2,
  '2026-06': 1,
};
/** Afternoon and evening slots: the seeded days are 09:00–12:00. */
const SLOTS = [
  { start: 13, end: 16 },
  { start: 17, end: 20 },
];
const hh = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** A valid log on `date` in `slot` with its month's type, random supervision, contact and split. */
function randomLog(date: string, slot: (typeof SLOTS)[number]): LogEntryWire {
  const unrestricted = pick([0, 1, 2, 3]);
  const kind = pick(['Individual', 'Group', 'No supervision'] as const);
  const base = {
    supervisor: recordId,
    trainee_supervisor: recordId,
    expereince_type: MONTH_TYPES[date.slice(0, 7)],
    date_of_experience: date,
    time_of_expereince_start: hh(slot.start),
    time_of_expereince_end: hh(slot.end),
    unrestricted_hours: unrestricted,
    restricted_hours: 3 - unrestricted,
  };
  if (kind === 'No supervision') return createLogPayload({ ...base, ...UNSUPERVISED_PAYLOAD });
  return createLogPayload({
    ...base,
    individual_or_group: kind,
    supervision_start_time: hh(slot.start + 1),
    supervision_end_time: hh(slot.start + 2),
    client_observation: pick(['Yes', 'No'] as const),
    supervision_contact: pick([1, 2, 3, 4, 5]),
  });
}

type Log = { id: number; date: string; slot: (typeof SLOTS)[number]; status: string };
const logs: Log[] = [];
const deleted: Log[] = [];

async function call(
  user: TestUser,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  const response = await t.request({
    method,
    url,
    token: user.token,
    ...(payload ? { payload } : {}),
  });
  if (response.statusCode >= 300)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response;
}

/** Both dashboards' answers (a kept table is sent as text: still JSON, with the same header). */
async function dashboards(): Promise<unknown[]> {
  return Promise.all(
    ['/api/v1/dashboard-api/', '/api/v1/dashboard-table-api/'].map(async (url) => {
      const response = await call(trainee, 'GET', url);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      return response.json();
    }),
  );
}

/** One random change of the trainee's logs or standards; its name. */
async function randomChange(): Promise<string> {
  const open = logs.filter((log) => log.status !== 'approved');
  const pending = logs.filter((log) => log.status === 'pending');
  const approved = logs.filter((log) => log.status === 'approved');
  const choices = [
    'create',
    'create',
    ...(open.length > 0 ? ['edit', 'delete'] : []),
    ...(pending.length > 0 ? ['approve', 'flag'] : []),
    ...(approved.length > 0 ? ['reopen'] : []),
    ...(deleted.length > 0 ? ['restore'] : []),
    'rule-set',
    'direct',
  ];
  const change = pick(choices);
  const freeSlot = () => {
    for (;;) {
      const date = `${pick(MONTHS)}-${String(1 + Math.floor(next() * 28)).padStart(2, '0')}`;
      const slot = pick(SLOTS);
      if (![...logs, ...deleted].some((log) => log.date === date && log.slot === slot))
        return { date, slot };
    }
  };
  if (change === 'create') {
    const { date, slot } = freeSlot();
    const response = await call(trainee, 'POST', '/api/v1/experience-log/', randomLog(date, slot));
    logs.push({ id: response.json<{ id: number }>().id, date, slot, status: 'pending' });
  } else if (change === 'edit') {
    const log = pick(open);
    // Half the edits move the log to another day (and often another month).
    const place = next() < 0.5 ? freeSlot() : { date: log.date, slot: log.slot };
    await call(
      trainee,
      'PUT',
      `/api/v1/experience-log/${log.id}/`,
      randomLog(place.date, place.slot),
    );
    Object.assign(log, place, { status: 'pending' });
  } else if (change === 'delete') {
    const log = pick(open);
    await call(trainee, 'DELETE', `/api/v1/experience-log/${log.id}/`);
    logs.splice(logs.indexOf(log), 1);
    deleted.push(log);
  } else if (change === 'restore') {
    const log = pick(deleted);
    await call(trainee, 'POST', `/api/v1/experience-log/${log.id}/restore/`);
    deleted.splice(deleted.indexOf(log), 1);
    logs.push(log);
  } else if (change === 'approve') {
    const log = pick(pending);
    await call(supervisor, 'POST', '/api/v1/flag-log/', { log_id: log.id, is_approved: true });
    log.status = 'approved';
  } else if (change === 'flag') {
    const log = pick(pending);
    await call(supervisor, 'POST', '/api/v1/flag-log/', {
      log_id: log.id,
      is_flag: true,
      data: { experience_note: { flagged: true, comment: 'Which client?' } },
    });
    log.status = 'flagged';
  } else if (change === 'reopen') {
    const log = pick(approved);
    await call(supervisor, 'POST', '/api/v1/reopen-log/', { log_id: log.id });
    log.status = 'pending';
  } else if (change === 'rule-set') {
    await call(trainee, 'PUT', '/api/v1/rule-set/', { rule_set: pick(['2022', '2027', null]) });
  } else {
    // A change made in the database itself, not through the API: the revision follows the rows.
    await t.db.execute(
      sql`update experience_logs set client_observation = case when client_observation = 'Yes' then 'No' else 'Yes' end
        where trainee_id = ${trainee.id} and individual_or_group <> 'No supervision'
          and date_of_experience between '2026-01-01' and '2026-01-31'`,
    );
  }
  return change;
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2026-06-15T12:00:00Z');
  trainee = await createTrainee(t.db);
  supervisor = await createSupervisor(t.db);
  recordId = await insertSupervisorRecord(t.db, trainee.id, {
    email: supervisor.email,
    supervisorUserId: supervisor.id,
  });
  // Months near the thresholds, so the random changes move their adjusted hours.
  await insertDailyLogs(t.db, {
    traineeId: trainee.id,
    traineeSupervisorId: recordId,
    firstDate: '2026-01-05',
    count: 7,
  });
  await insertDailyLogs(t.db, {
    traineeId: trainee.id,
    traineeSupervisorId: recordId,
    firstDate: '2026-03-02',
    count: 6,
    overrides: { experienceTypeId: 2 },
  });
});
afterAll(async () => t.close());

describe('the dashboards’ kept figures', () => {
  it('equal a fresh computation after every change, in any order', async () => {
    const changes = new Map<string, number>();
    let previous = await dashboards();
    let moved = 0;
    for (let step = 0; step < 60; step += 1) {
      const change = await randomChange();
      changes.set(change, (changes.get(change) ?? 0) + 1);
      const kept = await dashboards();
      forgetDashboardFigures();
      const fresh = await dashboards();
      expect(kept, `step ${step}: ${change}`).toEqual(fresh);
      // Asked again with nothing changed: the kept figures, the same answer.
      expect(await dashboards(), `step ${step}: ${change}, again`).toEqual(fresh);
      if (JSON.stringify(fresh) !== JSON.stringify(previous)) moved += 1;
      previous = fresh;
    }
    // The sequence did change the figures, through every kind of change.
    expect(moved).toBeGreaterThan(20);
    expect([...changes.keys()].sort()).toEqual([
      'approve',
      'create',
      'delete',
      'direct',
      'edit',
      'flag',
      'reopen',
      'restore',
      'rule-set',
    ]);
  });

  it('answer again what a state answered when the rows return to it', async () => {
    forgetDashboardFigures();
    const before = await dashboards();
    const { date, slot } = { date: '2026-06-01', slot: SLOTS[0] as (typeof SLOTS)[number] };
    const response = await call(trainee, 'POST', '/api/v1/experience-log/', randomLog(date, slot));
    const during = await dashboards();
    expect(during).not.toEqual(before);
    await call(trainee, 'DELETE', `/api/v1/experience-log/${response.json<{ id: number }>().id}/`);
    expect(await dashboards()).toEqual(before);
  });
});
