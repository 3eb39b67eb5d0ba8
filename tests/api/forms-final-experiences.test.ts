import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthForms } from '../../src/server/db/schema';
import { readFvf } from '../../src/server/features/forms/fvf/fvf-read';
import { createSupervisor, createTrainee, type TestUser } from '../helpers/factories';
import { insertPaperForms } from '../helpers/form-factory';
import {
  atOrganization,
  download,
  dropTemplate,
  fill,
  filledFinal,
  formsWorld,
  linkSupervisor,
  listFinal,
  logDays,
  setFormFields,
  type FormsWorld,
} from './forms-support';

/*
 * Issue 38 part 5. BCBA Handbook (updated 01/2026), "Fieldwork Verification Forms": "Taking a
 * break from accruing fieldwork under the same supervision contract constitutes a new
 * supervision experience", and each experience has its own F-FVF. Each test has its own trainee.
 */

const HANDBOOK = 'Handbook "Fieldwork Verification Forms": a break starts a new experience';
/** July 10, 2026: June is over, its M-FVF deadline (July 31) still ahead. */
const JULY = new Date('2026-07-10T12:00:00.000Z');

let w: FormsWorld;
beforeAll(async () => {
  w = await formsWorld();
  w.t.clock.now = JULY;
  await dropTemplate(w, 'ffvf-2022-individual');
  await dropTemplate(w, 'ffvf-2022-organization');
});
afterAll(() => w.close());

/** A trainee with the form fields and one linked supervisor per name. */
async function traineeWith(...names: [string, string][]) {
  const trainee = await createTrainee(w.t.db, { name: 'Bo Break' });
  await setFormFields(w.t, trainee);
  const supervisors: TestUser[] = [];
  const records: number[] = [];
  for (const [name, lastname] of names) {
    const supervisor = await createSupervisor(w.t.db, { name: `${name} ${lastname}` });
    supervisors.push(supervisor);
    records.push(await linkSupervisor(w.t, trainee, supervisor, name, lastname));
  }
  return { t: w.t, trainee, supervisors, records };
}

/** 60 h (20 supervised) in each month, its M-FVF signed on paper in time unless still due. */
async function logMonths(
  who: { trainee: TestUser },
  record: number,
  months: readonly string[],
  signed: readonly string[] = months,
) {
  for (const month of months) await logDays({ t: w.t, ...who }, record, `${month}-01`, 20);
  await insertPaperForms(w.t.db, {
    traineeId: who.trainee.id,
    traineeSupervisorId: record,
    months: signed,
  });
}

/** Dana Reyes: hours January to March, none in April, hours May and June (June's form due). */
async function withAprilBreak() {
  const world = await traineeWith(['Dana', 'Reyes']);
  const [dana = 0] = world.records;
  const months = ['2026-01', '2026-02', '2026-03', '2026-05', '2026-06'];
  await logMonths(world, dana, months, months.slice(0, 4));
  return { ...world, dana };
}

const figures = (months: number) => ({
  independent_hours: 40 * months,
  supervised_hours: 20 * months,
  total_hours: 60 * months,
  observation_minutes: 1200 * months,
  percent_supervised: 33.3,
});

const livePeriods = async (traineeId: number) =>
  (
    await w.t.db
      .select({ from: monthForms.fromMonth, to: monthForms.month })
      .from(monthForms)
      .where(
        and(
          eq(monthForms.traineeId, traineeId),
          eq(monthForms.kind, 'final'),
          isNull(monthForms.voidedAt),
        ),
      )
  )
    .map((row) => `${row.from}..${row.to}`)
    .sort();

describe(`the final forms list (${HANDBOOK})`, () => {
  it('proposes one row per experience when a month without hours comes between', async () => {
    const { trainee, dana } = await withAprilBreak();
    const answer = await listFinal(w, trainee);
    expect(answer.today).toBe('2026-07-10');
    const row = {
      trainee_supervisor: dana,
      supervisor_name: 'Dana Reyes',
      organization: '',
      expereince_type: 1,
      adjustments: [],
      is_period_over: true,
      is_outdated: false,
      form: null,
      // Issue 39: Dana's profile has neither date (tests/api/forms-qualification.test.ts).
      qualification_flags: [
        expect.objectContaining({ code: 'certification-unknown', month: null }),
        expect.objectContaining({ code: 'training-unknown', month: null }),
      ],
    };
    expect(answer.results).toEqual([
      {
        ...row,
        first_month: '2026-01',
        last_month: '2026-03',
        from_month: '2026-01',
        to_month: '2026-03',
        figures: figures(3),
        months: 3,
      },
      {
        ...row,
        first_month: '2026-05',
        last_month: '2026-06',
        from_month: '2026-05',
        to_month: '2026-06',
        figures: figures(2),
        months: 2,
      },
    ]);
  });

  it('makes one experience of an organization whose two supervisors alternate months', async () => {
    const world = await traineeWith(['Ana', 'Acme'], ['Lee', 'Acme']);
    const [ana = 0, lee = 0] = world.records;
    await atOrganization(world, ana, 'Acme ABA');
    await atOrganization(world, lee, 'Acme ABA');
    await logMonths(world, ana, ['2026-01', '2026-03']);
    await logMonths(world, lee, ['2026-02', '2026-04']);
    const answer = await listFinal(w, world.trainee);
    expect(
      answer.results.map((row) => [row.organization, row.from_month, row.to_month, row.months]),
    ).toEqual([['Acme ABA', '2026-01', '2026-04', 4]]);
    const form = await filledFinal(world, {
      trainee_supervisor: ana,
      from_month: '2026-01',
      to_month: '2026-04',
    });
    expect(form).toMatchObject({ months: 4, figures: { total_hours: 240 } });
  });

  it('keeps each experience’s live form on its own row, filling one never voiding the other', async () => {
    const world = await withAprilBreak();
    const spring = await filledFinal(world, {
      trainee_supervisor: world.dana,
      from_month: '2026-01',
      to_month: '2026-03',
    });
    const summer = await filledFinal(world, {
      trainee_supervisor: world.dana,
      from_month: '2026-05',
      to_month: '2026-06',
    });
    let answer = await listFinal(w, world.trainee);
    expect(answer.results.map((row) => [row.from_month, row.to_month, row.form?.id])).toEqual([
      ['2026-01', '2026-03', spring.id],
      ['2026-05', '2026-06', summer.id],
    ]);
    expect(answer.voided).toEqual([]);
    // Filling the first experience again replaces its own form only.
    const later = await filledFinal(world, {
      trainee_supervisor: world.dana,
      from_month: '2026-02',
      to_month: '2026-03',
    });
    answer = await listFinal(w, world.trainee);
    expect(answer.results.map((row) => [row.first_month, row.from_month, row.form?.id])).toEqual([
      ['2026-01', '2026-02', later.id],
      ['2026-05', '2026-05', summer.id],
    ]);
    expect(answer.voided.map((form) => form.id)).toEqual([spring.id]);
  });

  it('leaves one live form when two fills of one experience come at once', async () => {
    const world = await withAprilBreak();
    const period = (to_month: string) => ({
      trainee_supervisor: world.dana,
      from_month: '2026-01',
      to_month,
    });
    const answers = await Promise.all([
      fill(world, world.trainee, period('2026-03'), 'final'),
      fill(world, world.trainee, period('2026-02'), 'final'),
    ]);
    // Taking turns, the second replaces the first (201) or finds it changed meanwhile (409).
    expect(answers.map((response) => response.statusCode).sort()).toEqual(
      answers.some((response) => response.statusCode === 409) ? [201, 409] : [201, 201],
    );
    expect(await livePeriods(world.trainee.id)).toHaveLength(1);
  });
});

describe(`filling an F-FVF over a break (${HANDBOOK})`, () => {
  it('refuses a period spanning the month without hours, naming it, and writes nothing', async () => {
    const { trainee, dana } = await withAprilBreak();
    const response = await fill(
      w,
      trainee,
      { trainee_supervisor: dana, from_month: '2026-01', to_month: '2026-06' },
      'final',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      non_field_errors: [
        'April 2026 has no hours with Dana Reyes: a break starts a new supervision experience; fill one final form up to March 2026 and another from May 2026.',
      ],
      code: 'FORM_PERIOD_BREAK',
    });
    expect(await livePeriods(trainee.id)).toEqual([]);
    expect((await listFinal(w, trainee)).voided).toEqual([]);
  });

  it.each([
    [
      'starting before the experience',
      { from_month: '2025-12', to_month: '2026-03' },
      'December 2025 has no hours with Dana Reyes: a supervision experience starts with its first month with hours; start the period in January 2026.',
    ],
    [
      'ending after it',
      { from_month: '2026-02', to_month: '2026-04' },
      'April 2026 has no hours with Dana Reyes: a supervision experience ends with its last month with hours; end the period in March 2026.',
    ],
  ])('refuses a period %s', async (_case, period, message) => {
    const { trainee, dana } = await withAprilBreak();
    const response = await fill(w, trainee, { trainee_supervisor: dana, ...period }, 'final');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ non_field_errors: [message], code: 'FORM_PERIOD_BREAK' });
  });

  it('fills January to March, its PDF counting January to March only', async () => {
    const { trainee, dana } = await withAprilBreak();
    const form = await filledFinal(
      { t: w.t, trainee },
      { trainee_supervisor: dana, from_month: '2026-01', to_month: '2026-03' },
    );
    expect(form).toMatchObject({
      from_month: '2026-01',
      to_month: '2026-03',
      months: 3,
      figures: { independent_hours: 120, supervised_hours: 60, total_hours: 180 },
    });
    const pdf = await readFvf((await download(w, trainee, form.id, 'final')).bytes);
    expect(pdf.fields).toMatchObject({
      RESPONSIBLE_SUPERVISOR_NAME: 'Dana Reyes',
      START_DATE: '01/2026',
      END_DATE: '03/2026',
      TOTAL_MONTHS_OF_FIELDWORK_OBTAINED: '3',
      INDEPENDENT_HOURS: '120.00',
      SUPERVISED_HOURS: '60.00',
      TOTAL_FIELDWORK: '180.00',
      PERCENT_HOURS_SUPERVISED: '0.333333',
    });
  });
});

describe('who sees the experiences', () => {
  it('shows both rows to the trainee and their supervisor, none to anyone else', async () => {
    const { trainee, supervisors, dana } = await withAprilBreak();
    const [supervisor] = supervisors;
    if (!supervisor) throw new Error('no supervisor');
    const other = await traineeWith(['Kim', 'Other']);
    const [otherSupervisor] = other.supervisors;
    const coSupervisor = await createSupervisor(w.t.db);
    await linkSupervisor(w.t, trainee, coSupervisor);
    const periods = (answer: { results: { from_month: string }[] }) =>
      answer.results.map((row) => row.from_month);

    expect(periods(await listFinal(w, supervisor, `?u_id=${trainee.id}`))).toEqual([
      '2026-01',
      '2026-05',
    ]);
    expect((await listFinal(w, coSupervisor, `?u_id=${trainee.id}`)).results).toEqual([]);
    for (const user of [other.trainee, otherSupervisor]) {
      const response = await w.t.request({
        method: 'GET',
        url: `/api/v1/final-forms/?u_id=${trainee.id}`,
        token: user?.token,
      });
      expect(response.statusCode).toBe(404);
    }
    // Another trainee cannot fill a form of this trainee's record, nor a supervisor any.
    const period = { trainee_supervisor: dana, from_month: '2026-01', to_month: '2026-03' };
    const byOther = await fill(w, other.trainee, period, 'final');
    expect(byOther.statusCode).toBe(404);
    expect(byOther.json()).toEqual({ detail: 'Supervisor not found', code: 'NOT_FOUND' });
    expect((await fill(w, supervisor, period, 'final')).statusCode).toBe(403);
    expect(await livePeriods(trainee.id)).toEqual([]);
  });
});
