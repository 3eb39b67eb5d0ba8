import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFvf } from '../../src/server/features/forms/fvf/fvf-read';
import { createSupervisor, createTrainee } from '../helpers/factories';
import { insertSupervisorRecord } from '../helpers/log-factory';
import {
  download,
  dropTemplate,
  fill,
  filled,
  formsWorld,
  list,
  linkSupervisor,
  logDays,
  NOW,
  setFormFields,
  type FormsWorld,
} from './forms-support';

/*
 * Filling the month's official form from the logs (issue 10 "The official form, filled"): one
 * per month, supervisor and fieldwork type, with the actual hours (never ×1.33), read back
 * from the PDF; and the list of months with their deadlines.
 */

let w: FormsWorld;
let otherRecord: number;
beforeAll(async () => {
  w = await formsWorld();
  await dropTemplate(w, 'mfvf-2022-individual');
  // March: 20 supervised days with Ana (60 h, 20 supervised) and 10 concentrated days with
  // Lee, a supervisor without an account (30 h, 10 supervised).
  await logDays(w, w.recordId, '2026-03-01', 20);
  otherRecord = await insertSupervisorRecord(w.t.db, w.trainee.id, { name: 'Lee Park' });
  await logDays(w, otherRecord, '2026-03-21', 10, 2);
  await logDays(w, w.recordId, '2026-04-01', 3);
});
afterAll(() => w.close());

describe('GET /api/v1/month-forms/', () => {
  it('lists each month × supervisor × type with its figures, deadline and state', async () => {
    const answer = await list(w, w.trainee);
    expect(answer.today).toBe('2026-04-10');
    const rows = answer.results.map((row) => [
      row.month,
      row.supervisor_name,
      row.expereince_type,
      row.figures.total_hours,
      row.figures.supervised_hours,
      row.state,
      row.deadline,
      row.days_remaining,
      row.is_month_over,
      row.form,
    ]);
    expect(rows).toEqual([
      ['2026-04', 'Ana Núñez', 1, 9, 3, 'open', '2026-05-31', 51, false, null],
      ['2026-03', 'Ana Núñez', 1, 60, 20, 'open', '2026-04-30', 20, true, null],
      ['2026-03', 'Lee Park', 2, 30, 10, 'open', '2026-04-30', 20, true, null],
    ]);
    // Due: the months that are over, unsigned, deadline ahead; April is still going on.
    expect(answer.forms_due.map((row) => [row.month, row.supervisor_name])).toEqual([
      ['2026-03', 'Ana Núñez'],
      ['2026-03', 'Lee Park'],
    ]);
  });
});

describe('POST /api/v1/month-forms/', () => {
  it('fills the BACB form with the profile, the supervisor and the month’s actual hours', async () => {
    const form = await filled(w, {
      month: '2026-03',
      trainee_supervisor: w.recordId,
      expereince_type: 1,
    });
    expect(form).toMatchObject({
      month: '2026-03',
      user: w.trainee.id,
      trainee_supervisor: w.recordId,
      supervisor_name: 'Ana Núñez',
      variant: 'mfvf-2022-individual',
      variant_label: 'M-FVF 2022 (Individual)',
      edition: '2022',
      organization: '',
      signers: ['trainee', 'supervisor'],
      template: { source: 'folder', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
      figures: { independent_hours: 40, supervised_hours: 20, total_hours: 60 },
      trainee_signature: null,
      supervisor_signature: null,
      completed_on: null,
      is_complete: false,
      record_file: null,
      voided_at: null,
    });
    const { bytes, headers } = await download(w, w.trainee, form.id);
    expect(headers['content-disposition']).toContain('attachment');
    expect(headers['content-disposition']).toContain('M-FVF 2026-03 Ana');
    expect(headers['content-type']).toBe('application/pdf');
    const pdf = await readFvf(bytes);
    expect(pdf.fields).toMatchObject({
      TRAINEE_NAME: 'Zoë Łukasz',
      TRAINEE_BACB_ID: '1-23-45678',
      'TRAINEE_CERTIFICATE_MONTH/YEAR': '03/2026',
      TRAINEE_FIELDWORK_STATE: 'Oregon',
      TRAINEE_FIELDWORK_COUNTRY: 'United States',
      RESPONSIBLE_SUPERVISOR_NAME: 'Ana Núñez',
      RESPONSIBLE_SUPERVISOR_BACB_ID: '1-23-45678',
      INDEPENDENT_HOURS: '40.00',
      SUPERVISED_HOURS: '20.00',
      TOTAL_FIELDWORK: '60.00',
      // The fraction the form's own percent format expects (20 of 60 hours).
      PERCENT_HOURS_SUPERVISED: '0.333333',
      CHECK_SUPERVISED_FIELDWORK: 'Supervised Fieldwork',
      'This fieldwork included prorated hours for a partial month': false,
      TRAINEE_SIGNATURE_DATE: '',
      SUPERVISOR_SIGNATURE_DATE: '',
    });
    expect(pdf.isFlattened).toBe(false);
  });

  it('writes concentrated hours as they were worked, never ×1.33, on that supervisor’s form', async () => {
    const form = await filled(w, {
      month: '2026-03',
      trainee_supervisor: otherRecord,
      expereince_type: 2,
    });
    expect(form.figures).toMatchObject({ total_hours: 30, supervised_hours: 10 });
    const pdf = await readFvf((await download(w, w.trainee, form.id)).bytes);
    expect(pdf.fields).toMatchObject({
      RESPONSIBLE_SUPERVISOR_NAME: 'Lee Park',
      RESPONSIBLE_SUPERVISOR_BACB_ID: '',
      INDEPENDENT_HOURS: '20.00',
      SUPERVISED_HOURS: '10.00',
      TOTAL_FIELDWORK: '30.00',
      CHECK_SUPERVISED_FIELDWORK: 'Concentrated Supervised Fieldwork',
    });
    const rows = (await list(w, w.trainee)).results.filter((row) => row.month === '2026-03');
    expect(rows.map((row) => row.form?.id)).toEqual([expect.any(Number), form.id]);
  });

  it('fills again over an unsigned form, keeping the old one as voided history', async () => {
    const before = (await list(w, w.trainee)).results.find(
      (row) => row.trainee_supervisor === w.recordId && row.month === '2026-03',
    );
    const again = await filled(w, {
      month: '2026-03',
      trainee_supervisor: w.recordId,
      expereince_type: 1,
    });
    expect(again.id).not.toBe(before?.form?.id);
    const answer = await list(w, w.trainee);
    expect(answer.voided.map((form) => [form.id, form.voided_at])).toEqual([
      [before?.form?.id, w.t.clock.now.toISOString()],
    ]);
    expect((await download(w, w.trainee, before?.form?.id ?? 0)).bytes.length).toBeGreaterThan(0);
  });

  it('marks a form outdated when the month’s logs change after it was filled', async () => {
    await logDays(w, otherRecord, '2026-03-31', 1, 2);
    const row = (await list(w, w.trainee)).results.find(
      (r) => r.trainee_supervisor === otherRecord,
    );
    expect(row).toMatchObject({ is_outdated: true, figures: { total_hours: 33 } });
    expect(row?.form?.figures.total_hours).toBe(30);
  });

  it.each([
    [
      'a month that is not over',
      { month: '2026-04', expereince_type: 1 },
      409,
      {
        detail:
          'This month is not over yet: its form can be filled from the first day of the next month.',
        code: 'FORM_MONTH_NOT_OVER',
      },
    ],
    [
      'a type without hours',
      { month: '2026-03', expereince_type: 2 },
      400,
      {
        non_field_errors: [
          'No hours are logged with this supervisor and fieldwork type in March 2026.',
        ],
        code: 'FORM_NO_HOURS',
      },
    ],
    [
      'a bad month and type',
      { month: '2026-13', expereince_type: 3 },
      400,
      {
        month: ['Use the form YYYY-MM'],
        expereince_type: ['Choose supervised (1) or concentrated (2) fieldwork'],
      },
    ],
  ])('refuses %s', async (_case, payload, status, body) => {
    const response = await fill(w, w.trainee, { trainee_supervisor: w.recordId, ...payload });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual(body);
  });

  it('needs the BACB ID and fieldwork place on the profile first', async () => {
    const blank = await createTrainee(w.t.db);
    const record = await insertSupervisorRecord(w.t.db, blank.id);
    await logDays({ t: w.t, trainee: blank }, record, '2026-03-02', 1);
    const response = await fill(w, blank, {
      month: '2026-03',
      trainee_supervisor: record,
      expereince_type: 1,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      non_field_errors: [
        "Add your BACB ID, fieldwork state, fieldwork country to your profile before filling a form: the BACB's form asks for them.",
      ],
      code: 'FORM_PROFILE_INCOMPLETE',
    });
  });

  // shared/forms/form-edition.ts (decision 026): a form keeps the BACB edition of the year of
  // the month it documents, whatever standards the record is read by.
  it('fills a 2026 month on the 2022 form even when the 2027 standards are chosen', async () => {
    const chosen = await w.t.request({
      method: 'PUT',
      url: '/api/v1/rule-set/',
      token: w.trainee.token,
      payload: { rule_set: '2027' },
    });
    expect(chosen.statusCode).toBe(200);
    const form = await filled(w, {
      month: '2026-03',
      trainee_supervisor: w.recordId,
      expereince_type: 1,
    });
    expect(form).toMatchObject({ variant: 'mfvf-2022-individual', edition: '2022' });
  });

  it('needs the 2027 form for a 2027 month', async () => {
    // 10 April 2027: March 2027 is over and its deadline 20 days ahead.
    const at = new Date('2027-04-10T12:00:00.000Z');
    w.t.clock.now = at;
    try {
      const trainee = await createTrainee(w.t.db, { name: 'Nora Later', at });
      await setFormFields(w.t, trainee);
      const supervisor = await createSupervisor(w.t.db, { name: 'Ana Núñez', at });
      const record = await linkSupervisor(w.t, trainee, supervisor, 'Ana', 'Núñez');
      const later = { t: w.t, trainee };
      await logDays(later, record, '2027-03-01', 20);
      const march = { month: '2027-03', trainee_supervisor: record, expereince_type: 1 };
      const response = await fill(w, trainee, march);
      expect(response.statusCode).toBe(409);
      expect(response.json<{ code: string }>().code).toBe('FORM_TEMPLATE_MISSING');
      expect(response.json<{ detail: string }>().detail).toBe(
        "No blank M-FVF 2027 (Individual) is installed. Upload the BACB's blank fillable form on the Fieldwork Forms page, or ask the operator to put it in the forms folder.",
      );
      // The Organization form serves the supervisors of an organization, not this one.
      await dropTemplate(w, 'mfvf-2027-organization');
      expect((await fill(w, trainee, march)).statusCode).toBe(409);
      await dropTemplate(w, 'mfvf-2027-individual');
      const individual = await filled(later, march);
      expect(individual).toMatchObject({ variant: 'mfvf-2027-individual', edition: '2027' });
      const pdf = await readFvf((await download(later, trainee, individual.id)).bytes);
      expect(pdf.fields).toMatchObject({
        'Independent_Minutes 3': '0',
        Independent_Hours: '40',
        Supervised_Hours: '20',
        Total_Fieldwork_Hours: '60',
        Observation_Hours: '20',
      });
    } finally {
      w.t.clock.now = NOW;
    }
  });
});
