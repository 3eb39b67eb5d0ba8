import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readerText } from '../../src/server/adapters/pdf/pdf-reader.fixture';
import type { MonthFormsAnswer } from '../../src/shared/forms/month-form.schema';
import type {
  Badges,
  Dashboard,
  DashboardTable,
  MonthValidation,
} from '../../src/shared/progress/accrued.schema';
import type { AtRisk } from '../../src/shared/at-risk/at-risk.schema';
import { createSupervisor, createTrainee, type TestUser } from '../helpers/factories';
import type { experienceLogs } from '../../src/server/db/schema';
import { insertDailyLogs } from '../helpers/log-factory';
import {
  approveLogs,
  atOrganization,
  sign,
  download,
  dropTemplate,
  filledFinal,
  formsWorld,
  linkSupervisor,
  setFormFields,
  type FormsWorld,
} from './forms-support';

/*
 * Issue 38 (decision 031). BCBA Handbook, "Multiple Settings and/or Supervisors": trainees "must
 * meet all relevant requirements for each organized fieldwork experience (i.e., for each Monthly
 * Fieldwork Verification Form (M-FVF) and Final Fieldwork Verification Form (F-FVF)) for every
 * month of accrual". September 2026, 2022 standards, judged on 15 October (forms still open).
 */

const TODAY = new Date('2026-10-15T12:00:00.000Z');
let w: FormsWorld;

type LogRow = typeof experienceLogs.$inferInsert;
type Trainee = { trainee: TestUser; a: number; b: number; ana: TestUser; bo: TestUser };

const NO_SUPERVISION: Partial<LogRow> = {
  individualOrGroup: 'No supervision',
  methodOfSupervision: null,
  supervisionStartMinute: null,
  supervisionEndMinute: null,
  supervisedMinutes: 0,
  clientObservation: null,
  supervisionContactId: null,
  observationMinutes: null,
};

/** `days` logs of 5 h from `first`; `supervised` minutes each (0: none), observed or not. */
function days(
  trainee: TestUser,
  record: number,
  first: string,
  count: number,
  supervised = 0,
  extra: Partial<LogRow> = {},
) {
  const supervision: Partial<LogRow> =
    supervised === 0
      ? NO_SUPERVISION
      : {
          supervisionStartMinute: 600,
          supervisionEndMinute: 600 + supervised,
          supervisedMinutes: supervised,
          clientObservation: 'No',
        };
  return insertDailyLogs(w.t.db, {
    traineeId: trainee.id,
    traineeSupervisorId: record,
    firstDate: first,
    count,
    overrides: {
      startMinute: 540,
      endMinute: 840,
      experienceMinutes: 300,
      unrestrictedMinutes: 200,
      restrictedMinutes: 100,
      independentMinutes: 300 - supervised,
      ...supervision,
      ...extra,
    },
  });
}

const OBSERVED: Partial<LogRow> = { clientObservation: 'Yes' };

/** The worked example's A: 60 h, 3 h individual supervision in 4 contacts, one observation. */
async function structureA(trainee: TestUser, record: number) {
  await days(trainee, record, '2026-09-01', 1, 45, OBSERVED);
  await days(trainee, record, '2026-09-02', 3, 45);
  await days(trainee, record, '2026-09-05', 8);
}

async function newTrainee(name: string): Promise<Trainee> {
  const trainee = await createTrainee(w.t.db, { name });
  await setFormFields(w.t, trainee);
  const ana = await createSupervisor(w.t.db, { name: 'Ana Núñez' });
  const bo = await createSupervisor(w.t.db, { name: 'Bo Berg' });
  const a = await linkSupervisor(w.t, trainee, ana, 'Ana', 'Núñez');
  const b = await linkSupervisor(w.t, trainee, bo, 'Bo', 'Berg');
  const chosen = await w.t.request({
    method: 'PUT',
    url: '/api/v1/rule-set/',
    token: trainee.token,
    payload: { rule_set: '2022' },
  });
  expect(chosen.statusCode, chosen.body).toBe(200);
  return { trainee, a, b, ana, bo };
}

const get = async <T>(url: string, user: TestUser) => {
  const response = await w.t.request({ method: 'GET', url, token: user.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};
const september = async (user: TestUser, asker: TestUser = user) =>
  (
    await get<DashboardTable>(
      `/api/v1/dashboard-table-api/${asker === user ? '' : `?u_id=${user.id}`}`,
      asker,
    )
  ).results.find((row) => row.month === '2026-09')!;

beforeAll(async () => {
  w = await formsWorld();
  await dropTemplate(w, 'ffvf-2022-individual');
  w.t.clock.now = TODAY;
}, 60_000);
afterAll(() => w.close());

describe('the worked example: two individual supervisors in one month (Handbook "Multiple Settings and/or Supervisors")', () => {
  let t: Trainee;
  beforeAll(async () => {
    t = await newTrainee('Rae Quinn');
    await structureA(t.trainee, t.a);
    // B: 30 h, 0.5 h supervision in 1 contact, no observation.
    await days(t.trainee, t.b, '2026-09-13', 1, 30);
    await days(t.trainee, t.b, '2026-09-14', 5);
  });

  it('counts A’s 60 h and none of B’s, and says which structure missed what', async () => {
    const row = await september(t.trainee);
    expect(row).toMatchObject({ total_hours: 90, adjusted_hours: 60 });
    expect(row.removals).toEqual([
      {
        rule: 'no-observation',
        hours: 30,
        reason: 'Bo Berg: no observation this month: 0 of 30 hours count',
        expereince_type: 1,
      },
    ]);
    expect(row.structures.map((s) => [s.name, s.total_hours, s.counted_hours])).toEqual([
      ['Ana Núñez', 60, 60],
      ['Bo Berg', 30, 0],
    ]);
    const failed = (name: string) =>
      row.structures
        .find((s) => s.name === name)!
        .checks.filter((check) => check.status === 'fail')
        .map((check) => check.key);
    expect(failed('Ana Núñez')).toEqual([]);
    expect(failed('Bo Berg')).toEqual(['supervision-percent', 'contacts', 'observation']);
  });

  it('the dashboard, the badges, validate and the forms page agree', async () => {
    const dashboard = await get<Dashboard>('/api/v1/dashboard-api/', t.trainee);
    expect(dashboard).toMatchObject({ total_hours: 90, counted_hours: 60 });
    const badges = await get<Badges>('/api/v1/badges-api/', t.trainee);
    expect(badges.percentage_supervised).toBe(3);
    const validation = await get<MonthValidation>('/api/v1/validate/?month=2026-09', t.trainee);
    const [type] = validation.types;
    // The type's own checks pool the month (SPEC's contract); each structure's say the verdict.
    expect(type?.structures.map((s) => [s.name, s.counted_hours])).toEqual([
      ['Ana Núñez', 60],
      ['Bo Berg', 0],
    ]);
    const forms = await get<MonthFormsAnswer>('/api/v1/month-forms/', t.trainee);
    const rows = forms.results.filter((item) => item.month === '2026-09');
    expect(rows.map((item) => [item.supervisor_name, item.judgement?.counted_hours])).toEqual([
      ['Ana Núñez', 60],
      ['Bo Berg', 0],
    ]);
  });

  it('the supervisor’s at-risk list judges the running month structure by structure', async () => {
    w.t.clock.now = new Date('2026-09-20T12:00:00.000Z');
    try {
      const atRisk = await get<AtRisk>('/api/v1/at-risk/', t.ana);
      const mine = atRisk.trainees.find((item) => item.id === t.trainee.id);
      expect(mine?.types.map((type) => [type.structure, type.hours_so_far])).toEqual([
        ['Ana Núñez', 60],
        ['Bo Berg', 30],
      ]);
    } finally {
      w.t.clock.now = TODAY;
    }
  });

  it('A’s F-FVF reads A’s own 60 h off the PDF; B’s counts nothing and is refused', async () => {
    const form = await filledFinal(
      { t: w.t, trainee: t.trainee },
      { trainee_supervisor: t.a, from_month: '2026-09', to_month: '2026-09' },
    );
    expect(form.figures).toMatchObject({ total_hours: 60, supervised_hours: 3 });
    await approveLogs({ t: w.t, trainee: t.trainee }, '2026-09');
    const signed = await sign({ t: w.t }, t.ana, form.id, undefined, 'final');
    expect(signed.statusCode, signed.body).toBe(200);
    const [page = ''] = await readerText(
      (await download({ t: w.t }, t.trainee, form.id, 'final')).bytes,
    );
    for (const value of ['Ana Núñez', '09/2026', '57.00', '3.00', '60.00']) {
      expect(page).toContain(value);
    }
    const refused = await w.t.request({
      method: 'POST',
      url: '/api/v1/final-forms/',
      token: t.trainee.token,
      payload: { trainee_supervisor: t.b, from_month: '2026-09', to_month: '2026-09' },
    });
    expect(refused.statusCode, refused.body).toBe(400);
  });

  it('another trainee’s supervisor sees none of it', async () => {
    const stranger = await createSupervisor(w.t.db, { name: 'Nia Stranger' });
    const response = await w.t.request({
      method: 'GET',
      url: `/api/v1/dashboard-table-api/?u_id=${t.trainee.id}`,
      token: stranger.token,
    });
    expect([403, 404]).toContain(response.statusCode);
  });
});

describe('the same two supervisors at one organization pool the month (the control)', () => {
  it('counts 70 h: 90 h at 3.9% supervision, one structure', async () => {
    const t = await newTrainee('Oli Pool');
    await atOrganization({ t: w.t, trainee: t.trainee }, t.a, 'Acme ABA');
    await atOrganization({ t: w.t, trainee: t.trainee }, t.b, 'acme aba');
    await structureA(t.trainee, t.a);
    await days(t.trainee, t.b, '2026-09-13', 1, 30);
    await days(t.trainee, t.b, '2026-09-14', 5);
    const row = await september(t.trainee);
    expect(row).toMatchObject({ total_hours: 90, adjusted_hours: 70 });
    expect(row.structures.map((s) => [s.name, s.counted_hours])).toEqual([['Acme ABA', 70]]);
    expect(row.removals.map((removal) => removal.reason)).toEqual([
      'supervision was 3.9% of hours (5% required): 20 independent hours removed',
    ]);
  });
});

describe('each rule failing in one structure only: A keeps its 60 h every time', () => {
  it.each<[string, (t: Trainee) => Promise<unknown>, number, string]>([
    [
      'below the 20-hour minimum',
      async (t) => {
        await days(t.trainee, t.b, '2026-09-13', 1, 60, OBSERVED);
        await days(t.trainee, t.b, '2026-09-14', 2, 60);
      },
      0,
      'below-minimum',
    ],
    [
      'supervision under 5% (1 h of 40 h)',
      async (t) => {
        await days(t.trainee, t.b, '2026-09-13', 1, 15, OBSERVED);
        await days(t.trainee, t.b, '2026-09-14', 3, 15);
        await days(t.trainee, t.b, '2026-09-17', 4);
      },
      20,
      'supervision-percent',
    ],
    [
      '2 of 4 contacts',
      async (t) => {
        await days(t.trainee, t.b, '2026-09-13', 1, 120, OBSERVED);
        await days(t.trainee, t.b, '2026-09-14', 1, 120);
        await days(t.trainee, t.b, '2026-09-15', 6);
      },
      20,
      'too-few-contacts',
    ],
    [
      'group supervision without individual supervision from Bo',
      async (t) => {
        await days(t.trainee, t.b, '2026-09-13', 1, 60, {
          ...OBSERVED,
          individualOrGroup: 'Group',
        });
        await days(t.trainee, t.b, '2026-09-14', 3, 60, { individualOrGroup: 'Group' });
        await days(t.trainee, t.b, '2026-09-17', 4);
      },
      0,
      'group-exceeds-individual',
    ],
  ])('B fails %s', async (name, logB, keptByB, rule) => {
    const t = await newTrainee(`Case ${name.slice(0, 12)}`);
    await structureA(t.trainee, t.a);
    await logB(t);
    const row = await september(t.trainee);
    expect(row.structures.map((s) => [s.name, s.counted_hours])).toEqual([
      ['Ana Núñez', 60],
      ['Bo Berg', keptByB],
    ]);
    expect(row.adjusted_hours).toBe(60 + keptByB);
    expect(row.removals[0]).toMatchObject({ rule });
    expect(row.removals.every((removal) => removal.reason.startsWith('Bo Berg: '))).toBe(true);
  });
});
