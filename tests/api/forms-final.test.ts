import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFvfTemplate } from '../../src/server/features/forms/fvf/fvf-template.fixture';
import { readFvf } from '../../src/server/features/forms/fvf/fvf-read';
import { createTrainee } from '../helpers/factories';
import { insertPaperForms } from '../helpers/form-factory';
import { insertSupervisorRecord } from '../helpers/log-factory';
import {
  download,
  dropTemplate,
  fill,
  filledFinal,
  formsWorld,
  listFinal,
  logDays,
  uploadTemplate,
  type FormsWorld,
} from './forms-support';

/*
 * The final form (F-FVF) over a supervision period (issue 10; decision 013): listed per supervisor
 * and fieldwork type with the period's hours that count, and filled from the BACB's template.
 * Signing it is forms-final-sign.test.ts.
 */

let w: FormsWorld;
beforeAll(async () => {
  w = await formsWorld();
  await dropTemplate(w, 'mfvf-2022-individual');
  // January and March meet every 2022 requirement (60 h, 20 supervised); February's 15 hours
  // are under the monthly minimum, so they count nothing; April is still going on.
  await logDays(w, w.recordId, '2026-01-05', 20);
  await logDays(w, w.recordId, '2026-02-02', 5);
  await logDays(w, w.recordId, '2026-03-01', 20);
  await logDays(w, w.recordId, '2026-04-01', 3);
  // January's and February's forms were signed on paper in time (past their deadline unsigned,
  // their hours would be at risk); March's deadline is still ahead.
  await insertPaperForms(w.t.db, {
    traineeId: w.trainee.id,
    traineeSupervisorId: w.recordId,
    months: ['2026-01', '2026-02'],
  });
});
afterAll(() => w.close());

const payload = (overrides: Record<string, unknown> = {}) => ({
  trainee_supervisor: w.recordId,
  expereince_type: 1,
  from_month: '2026-01',
  to_month: '2026-03',
  ...overrides,
});

describe('GET /api/v1/final-forms/', () => {
  it('offers each supervisor’s period, first month to the last one over, with the hours that count', async () => {
    const answer = await listFinal(w, w.trainee);
    expect(answer.today).toBe('2026-04-10');
    expect(answer.results).toEqual([
      {
        trainee_supervisor: w.recordId,
        supervisor_name: 'Ana Núñez',
        organization: '',
        expereince_type: 1,
        first_month: '2026-01',
        last_month: '2026-03',
        from_month: '2026-01',
        to_month: '2026-03',
        figures: {
          independent_hours: 80,
          supervised_hours: 40,
          total_hours: 120,
          observation_minutes: 2400,
          percent_supervised: 33.3,
        },
        months: 2,
        adjustments: [
          {
            month: '2026-02',
            logged_hours: 15,
            counted_hours: 0,
            reasons: ['fewer than 20 hours this month: 0 of 15 hours count'],
          },
        ],
        is_period_over: true,
        is_outdated: false,
        form: null,
        // Issue 39: Ana's profile has neither date (tests/api/forms-qualification.test.ts).
        qualification_flags: [
          expect.objectContaining({ code: 'certification-unknown', month: null }),
          expect.objectContaining({ code: 'training-unknown', month: null }),
        ],
      },
    ]);
    expect(answer.voided).toEqual([]);
  });
});

describe('POST /api/v1/final-forms/', () => {
  it('asks for the blank F-FVF when only the M-FVF is installed', async () => {
    const response = await fill(w, w.trainee, payload(), 'final');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      detail:
        "No blank F-FVF 2022 (Individual) is installed. Upload the BACB's blank fillable form on the Fieldwork Forms page, or ask the operator to put it in the forms folder.",
      code: 'FORM_TEMPLATE_MISSING',
    });
  });

  it('installs an uploaded blank F-FVF as the final form', async () => {
    const response = await uploadTemplate(
      w.t,
      w.trainee,
      await buildFvfTemplate('ffvf-2022-individual'),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      variant: 'ffvf-2022-individual',
      form: 'final',
      label: 'F-FVF 2022 (Individual)',
    });
  });

  it('fills the BACB’s F-FVF with the period, its months that count and their actual hours', async () => {
    const form = await filledFinal(w, payload());
    expect(form).toMatchObject({
      from_month: '2026-01',
      to_month: '2026-03',
      months: 2,
      user: w.trainee.id,
      trainee_supervisor: w.recordId,
      supervisor_name: 'Ana Núñez',
      variant: 'ffvf-2022-individual',
      variant_label: 'F-FVF 2022 (Individual)',
      figures: { independent_hours: 80, supervised_hours: 40, total_hours: 120 },
      signers: ['supervisor'],
      template: { source: 'upload' },
      trainee_signature: null,
      is_complete: false,
      record_file: null,
    });
    const { bytes, headers } = await download(w, w.trainee, form.id, 'final');
    expect(headers['content-disposition']).toContain('F-FVF 2026-01 to 2026-03 Ana');
    const pdf = await readFvf(bytes);
    expect(pdf.fields).toEqual({
      TRAINEE_NAME: 'Zoë Łukasz',
      TRAINEE_ACCOUNT_ID: '1-23-45678',
      TRAINEE_FIELDWORK_STATE: 'Oregon',
      TRAINEE_FIELDWORK_COUNTRY: 'United States',
      RESPONSIBLE_SUPERVISOR_NAME: 'Ana Núñez',
      RESPONSIBLE_SUPERVISOR_BACB_ID: '1-23-45678',
      RESPONSIBLE_SUPERVISOR_QUALIFICATION: 'BCBA/BCBA-D',
      START_DATE: '01/2026',
      END_DATE: '03/2026',
      TOTAL_MONTHS_OF_FIELDWORK_OBTAINED: '2',
      INDEPENDENT_HOURS: '80.00',
      SUPERVISED_HOURS: '40.00',
      TOTAL_FIELDWORK: '120.00',
      PERCENT_HOURS_SUPERVISED: '0.333333',
      // The concentrated column stays blank: no concentrated hours in the period.
      'TOTAL_MONTHS_OF_FIELDWORK_OBTAINED 2': '',
      'INDEPENDENT_HOURS 2': '',
      'SUPERVISED_HOURS 2': '',
      'TOTAL_FIELDWORK 2': '',
      'PERCENT_HOURS_SUPERVISED 2': '',
      'Fieldwork-Type': 'Supervised Fieldwork',
      'CHECK_prorated fieldwork ': false,
      SUPERVISOR_SIGNATURE_DATE: '',
    });
    const row = (await listFinal(w, w.trainee)).results[0];
    expect(row).toMatchObject({ form: { id: form.id }, is_outdated: false });
  });

  it('fills again for another period, keeping the old form as voided history', async () => {
    const before = (await listFinal(w, w.trainee)).results[0]?.form;
    const march = await filledFinal(w, payload({ from_month: '2026-03' }));
    expect(march).toMatchObject({ from_month: '2026-03', months: 1 });
    expect(march.figures.total_hours).toBe(60);
    const answer = await listFinal(w, w.trainee);
    expect(answer.results.map((row) => [row.from_month, row.to_month, row.form?.id])).toEqual([
      ['2026-03', '2026-03', march.id],
    ]);
    expect(answer.voided.map((form) => form.id)).toEqual([before?.id]);
  });

  it.each<[string, Record<string, unknown>, number, Record<string, unknown>]>([
    [
      'a period whose last month is not over',
      { to_month: '2026-04' },
      409,
      {
        detail:
          'The last month of this period is not over yet: a final form can include it from the first day of the next month.',
        code: 'FORM_MONTH_NOT_OVER',
      },
    ],
    [
      'a period whose hours all count nothing',
      { from_month: '2026-02', to_month: '2026-02' },
      400,
      {
        non_field_errors: [
          'No hours with this supervisor count from February 2026 to February 2026.',
        ],
        code: 'FORM_NO_HOURS',
      },
    ],
    [
      'a period that runs backwards',
      { from_month: '2026-03', to_month: '2026-01' },
      400,
      { to_month: ['The period must end in or after the month it starts'] },
    ],
    [
      'a period longer than five years',
      { from_month: '2020-01', to_month: '2026-01' },
      400,
      {
        from_month: [
          'A supervision period spans at most 60 months: all fieldwork falls within 5 continuous years',
        ],
      },
    ],
    [
      'months that are not months',
      { from_month: '2026-13', to_month: 'March' },
      400,
      { from_month: ['Use the form YYYY-MM'], to_month: ['Use the form YYYY-MM'] },
    ],
  ])('refuses %s', async (_case, overrides, status, body) => {
    const response = await fill(w, w.trainee, payload(overrides), 'final');
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual(body);
  });

  it('needs the BACB ID and fieldwork place on the profile first', async () => {
    const blank = await createTrainee(w.t.db);
    const record = await insertSupervisorRecord(w.t.db, blank.id);
    await logDays({ t: w.t, trainee: blank }, record, '2026-03-01', 20);
    const march = payload({ trainee_supervisor: record, from_month: '2026-03' });
    const response = await fill(w, blank, march, 'final');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      non_field_errors: [
        "Add your BACB ID, fieldwork state, fieldwork country to your profile before filling a form: the BACB's form asks for them.",
      ],
      code: 'FORM_PROFILE_INCOMPLETE',
    });
  });
});
