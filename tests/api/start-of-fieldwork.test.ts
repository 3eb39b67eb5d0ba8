import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartOfFieldwork } from '../../src/shared/contracts/start-of-fieldwork.schema';
import type { MonthFormsAnswer } from '../../src/shared/forms/month-form.schema';
import type { AtRisk } from '../../src/shared/at-risk/at-risk.schema';
import type {
  Dashboard,
  DashboardTable,
  MonthValidation,
} from '../../src/shared/progress/accrued.schema';
import { users, type experienceLogs } from '../../src/server/db/schema';
import { contractOnRecord as contractOnRecordIn } from '../helpers/contract-factory';
import { parseContractRuleArgs } from '../../scripts/contract-rule';
import { setContractRule } from '../../src/server/features/progress/start-of-fieldwork.service';
import { listUnsignedForms } from '../../src/server/features/forms/reminders/reminders.service';
import { createSupervisor, createTrainee, type TestUser } from '../helpers/factories';
import { insertDailyLogs } from '../helpers/log-factory';
import { formsWorld, linkSupervisor, setFormFields, type FormsWorld } from './forms-support';
import { draft, expectCall, individualize, signAs } from './contracts-support';

/*
 * Issue 39 part 2 (docs/decisions/033-start-of-fieldwork.md). BCBA Handbook, "Starting Fieldwork":
 * "Trainees may not begin accumulating fieldwork hours until they have: … developed and signed a
 * supervision contract with each supervisor …; AND if applying under pathway 1 or 2, started
 * qualifying graduate-level behavior-analytic coursework." September 2026 under the 2022
 * standards, read on 15 October (its forms still open). Each day logged is 5 hours with 30
 * minutes of individual supervision; the 1st is observed.
 */

const TODAY = new Date('2026-10-15T12:00:00.000Z');
let w: FormsWorld;
type LogRow = typeof experienceLogs.$inferInsert;

function days(trainee: TestUser, record: number, first: string, count: number) {
  const supervision: Partial<LogRow> = {
    supervisionStartMinute: 600,
    supervisionEndMinute: 630,
    supervisedMinutes: 30,
    individualOrGroup: 'Individual',
    clientObservation: first.endsWith('-01') ? 'Yes' : 'No',
    observationMinutes: first.endsWith('-01') ? 30 : null,
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
      independentMinutes: 270,
      ...supervision,
    },
  });
}

/** September: 1 observed day, then 19 days (100 hours, 10 hours of supervision, 20 contacts). */
async function september(trainee: TestUser, record: number) {
  await days(trainee, record, '2026-09-01', 1);
  await days(trainee, record, '2026-09-02', 19);
}

const contractOnRecord = (
  trainee: TestUser,
  record: number,
  startsOn: string,
  endedOn: string | null = null,
) => contractOnRecordIn(w.t.db, { traineeId: trainee.id, record, startsOn, endedOn });

type World = { trainee: TestUser; dana: TestUser; record: number };
async function newTrainee(name: string): Promise<World> {
  const trainee = await createTrainee(w.t.db, { name });
  await setFormFields(w.t, trainee);
  const dana = await createSupervisor(w.t.db, { name: 'Dana Reyes' });
  const record = await linkSupervisor(w.t, trainee, dana, 'Dana', 'Reyes');
  const chosen = await w.t.request({
    method: 'PUT',
    url: '/api/v1/rule-set/',
    token: trainee.token,
    payload: { rule_set: '2022' },
  });
  expect(chosen.statusCode, chosen.body).toBe(200);
  return { trainee, dana, record };
}

const get = async <T>(url: string, user: TestUser) => {
  const response = await w.t.request({ method: 'GET', url, token: user.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};
const septemberRow = async (user: TestUser) =>
  (await get<DashboardTable>('/api/v1/dashboard-table-api/', user)).results.find(
    (row) => row.month === '2026-09',
  )!;

beforeAll(async () => {
  w = await formsWorld();
  w.t.clock.now = TODAY;
}, 60_000);
afterAll(() => w.close());

describe('Handbook "Starting Fieldwork": hours before the supervision contract do not count', () => {
  let t: World;
  beforeAll(async () => {
    t = await newTrainee('Rae Quinn');
    await september(t.trainee, t.record);
    // Signed by everyone on the 11th: the 1st to the 10th (50 hours) came before it.
    await contractOnRecord(t.trainee, t.record, '2026-09-11');
  });

  it('removes exactly the days before the last signature (the day of it counts), with the reason', async () => {
    const row = await septemberRow(t.trainee);
    expect(row.total_hours).toBe(100);
    expect(row.removals[0]).toEqual({
      rule: 'before-contract',
      hours: 50,
      reason:
        '50 hours dated before the supervision contract with Dana Reyes was signed by everyone (9/11/2026) do not count (no hours before a signed supervision contract, Handbook, "Starting Fieldwork")',
      expereince_type: 1,
    });
    const [structure] = row.structures;
    expect(structure?.outside).toEqual([{ cause: 'before-contract', hours: 50 }]);
    // The 50 hours after it are judged alone: no observation among them, so none count.
    expect(row.removals.slice(1).map((removal) => removal.rule)).toEqual(['no-observation']);
    expect(row.adjusted_hours).toBe(0);
  });

  it('the dashboard, validate and the forms page say the same', async () => {
    const dashboard = await get<Dashboard>('/api/v1/dashboard-api/', t.trainee);
    expect(dashboard).toMatchObject({ total_hours: 100, counted_hours: 0, at_risk_hours: 0 });
    const validation = await get<MonthValidation>('/api/v1/validate/?month=2026-09', t.trainee);
    expect(validation.types[0]?.structures[0]?.reasons[0]).toMatch(
      /^50 hours dated before the supervision contract with Dana Reyes/,
    );
    const forms = await get<MonthFormsAnswer>('/api/v1/month-forms/', t.trainee);
    const form = forms.results.find((item) => item.month === '2026-09');
    expect(form?.judgement?.outside).toEqual([{ cause: 'before-contract', hours: 50 }]);
    expect(form?.judgement?.counted_hours).toBe(0);
    // Its M-FVF reports the fieldwork: the hours from the contract on, not the 50 before it.
    expect(form?.figures).toMatchObject({ total_hours: 50, supervised_hours: 5 });
  });

  it('says so on the start-of-fieldwork answer: 50 hours lost, none waiting', async () => {
    const start = await get<StartOfFieldwork>('/api/v1/start-of-fieldwork/', t.trainee);
    expect(start).toMatchObject({
      contract_rule_on: true,
      ask: false,
      contracts: [{ structure_key: `r${t.record}`, starts_on: '2026-09-11', ended_on: null }],
      structures: [{ name: 'Dana Reyes', waiting_hours: 0, lost_hours: 50 }],
    });
  });
});

describe('Handbook "Starting Fieldwork": a contract signed on the 1st counts the whole month', () => {
  it('counts all 100 hours when everyone signed the day of the first log', async () => {
    const t = await newTrainee('Ola Brandt');
    await september(t.trainee, t.record);
    await contractOnRecord(t.trainee, t.record, '2026-09-01');
    const row = await septemberRow(t.trainee);
    expect(row.removals).toEqual([]);
    expect(row.adjusted_hours).toBe(100);
  });
});

describe('Handbook "Starting Fieldwork": hours after the contract ended need a new one', () => {
  it('removes the days after the termination date (the day itself counts)', async () => {
    const t = await newTrainee('Kai Moreau');
    await september(t.trainee, t.record);
    await contractOnRecord(t.trainee, t.record, '2026-08-01', '2026-09-15');
    const row = await septemberRow(t.trainee);
    expect(row.removals).toEqual([
      {
        rule: 'after-contract',
        hours: 25,
        reason:
          '25 hours dated after the supervision contract with Dana Reyes ended (9/15/2026) do not count until a new contract is signed (Handbook, "Starting Fieldwork")',
        expereince_type: 1,
      },
    ]);
    expect(row.adjusted_hours).toBe(75);
  });
});

describe('Handbook "Starting Fieldwork": pathways 1 and 2 count from the first class meeting', () => {
  it('removes the hours before the first class, and not under pathway 3', async () => {
    const t = await newTrainee('Ivy Chen');
    await september(t.trainee, t.record);
    await contractOnRecord(t.trainee, t.record, '2026-08-01');
    await w.t.db
      .update(users)
      .set({ pathway: 2, firstClassOn: '2026-09-03' })
      .where(eq(users.id, t.trainee.id));
    const row = await septemberRow(t.trainee);
    expect(row.removals[0]).toMatchObject({
      rule: 'before-coursework',
      hours: 10,
      reason:
        '10 hours dated before your first class meeting (9/3/2026) do not count ("They may begin accruing hours after attending the first class meeting", Handbook, "Starting Fieldwork")',
    });
    await w.t.db.update(users).set({ pathway: 3 }).where(eq(users.id, t.trainee.id));
    expect((await septemberRow(t.trainee)).removals).toEqual([]);
  });
});

describe('Handbook "Starting Fieldwork": a contract signed in the app counts from the day its last party signed', () => {
  it('signed on 11 September, ended on 15 September: the days between count, as the rule says', async () => {
    const t = await newTrainee('Eli Novak');
    await september(t.trainee, t.record);
    const world = { t: w.t, trainee: t.trainee, supervisor: t.dana, recordId: t.record };
    try {
      w.t.clock.now = new Date('2026-09-10T15:00:00.000Z');
      const drafted = await individualize(world, t.trainee, await draft(world, t.trainee));
      await signAs(world, t.trainee, drafted);
      // The supervisor signs the next day (counted in their zone, UTC here): the contract's day.
      w.t.clock.now = new Date('2026-09-11T15:00:00.000Z');
      const signed = await signAs(world, t.dana, drafted);
      expect(signed).toMatchObject({ status: 'in-force', starts_on: '2026-09-11' });
      w.t.clock.now = TODAY;
      expect((await septemberRow(t.trainee)).removals[0]).toMatchObject({
        rule: 'before-contract',
        hours: 50,
      });
      await expectCall(world, t.trainee, 'POST', `/api/v1/contracts/${signed.id}/end/`, 200, {
        ended_on: '2026-09-15',
        reason: 'Dana Reyes left the clinic.',
      });
      const row = await septemberRow(t.trainee);
      expect(row.removals.slice(0, 2).map((removal) => [removal.rule, removal.hours])).toEqual([
        ['before-contract', 50],
        ['after-contract', 25],
      ]);
    } finally {
      w.t.clock.now = TODAY;
    }
  });
});

describe('decision 033: no contract on record yet, the trainee is asked once and loses nothing', () => {
  let t: World;
  beforeAll(async () => {
    t = await newTrainee('Noor Haddad');
    await september(t.trainee, t.record);
  });

  it('counts every hour as before and asks', async () => {
    expect((await septemberRow(t.trainee)).adjusted_hours).toBe(100);
    const start = await get<StartOfFieldwork>('/api/v1/start-of-fieldwork/', t.trainee);
    expect(start).toMatchObject({ contract_rule_on: false, ask: true });
  });

  it('"later" stops the asking and changes no figure', async () => {
    const answered = await w.t.request({
      method: 'POST',
      url: '/api/v1/start-of-fieldwork/ask/',
      token: t.trainee.token,
      payload: { answer: 'later' },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json<StartOfFieldwork>()).toMatchObject({
      contract_rule_on: false,
      ask: false,
    });
    expect((await septemberRow(t.trainee)).adjusted_hours).toBe(100);
  });

  it('"apply" holds the hours for a contract: not counted, not lost, on the at-risk list too', async () => {
    const answered = await w.t.request({
      method: 'POST',
      url: '/api/v1/start-of-fieldwork/ask/',
      token: t.trainee.token,
      payload: { answer: 'apply' },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json<StartOfFieldwork>().structures).toEqual([
      { structure_key: `r${t.record}`, name: 'Dana Reyes', waiting_hours: 100, lost_hours: 0 },
    ]);
    const row = await septemberRow(t.trainee);
    expect(row).toMatchObject({ adjusted_hours: 0, removals: [] });
    expect(row.at_risk).toEqual([
      {
        hours: 100,
        reason:
          'no signed supervision contract with Dana Reyes on record: 100 hours wait for it (no hours before a signed supervision contract, Handbook, "Starting Fieldwork")',
        expereince_type: 1,
      },
    ]);
    const dashboard = await get<Dashboard>('/api/v1/dashboard-api/', t.trainee);
    expect(dashboard).toMatchObject({ counted_hours: 0, at_risk_hours: 100 });
    const atRisk = await get<AtRisk>('/api/v1/at-risk/', t.dana);
    const mine = atRisk.trainees.find((item) => item.id === t.trainee.id);
    expect(mine).toMatchObject({ hours_at_risk: 100, months_at_risk: ['2026-09'] });
  });

  it('a contract recorded later counts the hours from its signing date', async () => {
    await contractOnRecord(t.trainee, t.record, '2026-09-01');
    expect((await septemberRow(t.trainee)).adjusted_hours).toBe(100);
  });
});

describe('the deadline reminders ask only for forms with hours that may count ("Starting Fieldwork")', () => {
  it('a month whose hours all come before the contract has no form to sign, so no reminder', async () => {
    const before = await newTrainee('Uma Early');
    await september(before.trainee, before.record);
    await contractOnRecord(before.trainee, before.record, '2026-10-01');
    const within = await newTrainee('Vic Within');
    await september(within.trainee, within.record);
    await contractOnRecord(within.trainee, within.record, '2026-09-01');
    const reminded = (await listUnsignedForms(w.t.db, '2026-09')).map(
      (row) => row.traineeSupervisorId,
    );
    expect(reminded).toContain(within.record);
    expect(reminded).not.toContain(before.record);
  });
});

describe('the start-of-fieldwork routes are the trainee’s own', () => {
  it('refuses a supervisor and validates the answer', async () => {
    const supervisor = await createSupervisor(w.t.db, { name: 'Lee Park' });
    const asked = await w.t.request({
      method: 'GET',
      url: '/api/v1/start-of-fieldwork/',
      token: supervisor.token,
    });
    expect(asked.statusCode).toBe(403);
    const trainee = await createTrainee(w.t.db, { name: 'Max Roe' });
    const bad = await w.t.request({
      method: 'POST',
      url: '/api/v1/start-of-fieldwork/ask/',
      token: trainee.token,
      payload: { answer: 'never' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['answer']);
  });
});

describe('the operator says otherwise (decision 033: npm run contract-rule)', () => {
  it('reads its arguments', () => {
    expect(parseContractRuleArgs(['--email', 'a@b.co', '--on'])).toEqual({
      ok: true,
      email: 'a@b.co',
      on: true,
    });
    expect(parseContractRuleArgs(['--email', 'a@b.co'])).toEqual({
      ok: false,
      error: 'Say --on or --off',
    });
    expect(parseContractRuleArgs(['--on'])).toMatchObject({ ok: false });
  });

  it('turns the rule on for one trainee: their hours then wait for a contract', async () => {
    const t = await newTrainee('Abe Lind');
    await september(t.trainee, t.record);
    expect((await septemberRow(t.trainee)).adjusted_hours).toBe(100);
    expect(await setContractRule(w.t.db, t.trainee.email.toUpperCase(), true)).toEqual({
      id: t.trainee.id,
      name: 'Abe Lind',
    });
    expect(await septemberRow(t.trainee)).toMatchObject({ adjusted_hours: 0, at_risk_hours: 100 });
    expect(await setContractRule(w.t.db, t.dana.email, true)).toBeNull();
    await setContractRule(w.t.db, t.trainee.email, false);
    expect((await septemberRow(t.trainee)).adjusted_hours).toBe(100);
  });
});
