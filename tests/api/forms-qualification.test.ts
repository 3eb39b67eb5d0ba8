import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSupervisor } from '../helpers/factories';
import {
  formsWorld,
  linkSupervisor,
  list,
  listFinal,
  logDays,
  type FormsWorld,
} from './forms-support';

/*
 * Issue 39 part 3 (BCBA Handbook, "Multiple Supervisors at One Organization": "The Responsible
 * Supervisor must meet all supervision requirements for the entire duration of the M-FVF or F-FVF
 * they sign"): each form row carries its signing supervisor's qualification flags, for the
 * trainee and the supervisor alike, before anything is signed. Ana was certified on 1 June 2025:
 * January to March 2026 fall in her first year. The trainee logged 20 days in each.
 */

let w: FormsWorld;

const credentials = {
  bacb_account_number: 'BACB765432',
  bacb_certification_number: '2-34-56789',
  supervisor_qualification: 'BCBA',
  date_qualified: '2025-06-01',
  date_contract: '2025-12-15',
};

beforeAll(async () => {
  w = await formsWorld();
  for (const month of ['2026-01', '2026-02', '2026-03']) {
    await logDays(w, w.recordId, `${month}-02`, 20);
  }
  const saved = await w.t.request({
    method: 'PUT',
    url: `/users/supervisor/${w.supervisor.id}/`,
    token: w.supervisor.token,
    payload: { ...credentials, certified_on: '2025-06-01', training_completed_on: '2025-05-20' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const consulted = await w.t.request({
    method: 'POST',
    url: '/api/v1/consultations/',
    token: w.supervisor.token,
    payload: { met_on: '2026-02-18', consultant_name: 'Cora', consultant_bacb_id: '1-11-11111' },
  });
  expect(consulted.statusCode).toBe(201);
});
afterAll(async () => w.close());

const flagsByMonth = (rows: { month: string; qualification_flags: { code: string }[] }[]) =>
  Object.fromEntries(
    rows.map((row) => [row.month, row.qualification_flags.map((flag) => flag.code)]),
  );

describe('the month forms’ qualification flags', () => {
  it('flags each first-year month without a consultation, the month it was recorded not', async () => {
    const answer = await list(w, w.trainee);
    expect(flagsByMonth(answer.results)).toEqual({
      '2026-03': ['consultation-missing'],
      '2026-02': [],
      '2026-01': ['consultation-missing'],
    });
    const march = answer.results.find((row) => row.month === '2026-03');
    expect(march?.qualification_flags).toEqual([
      {
        code: 'consultation-missing',
        month: '2026-03',
        message:
          'Ana Núñez was in their first year of certification in March 2026 with no consultation recorded: a supervisor certified less than a year needs "monthly consultation from a qualified consulting supervisor" (Handbook, "Supervisor Qualifications").',
      },
    ]);
    // The forms due (January and February overdue, March due) are the same rows, flags and all.
    expect(flagsByMonth(answer.forms_due)).toEqual({
      '2026-01': ['consultation-missing'],
      '2026-02': [],
      '2026-03': ['consultation-missing'],
    });
  });

  it('gives the supervisor the same flags on the trainee’s forms', async () => {
    const answer = await list(w, w.supervisor, `?u_id=${w.trainee.id}`);
    expect(flagsByMonth(answer.results)).toEqual({
      '2026-03': ['consultation-missing'],
      '2026-02': [],
      '2026-01': ['consultation-missing'],
    });
  });

  it('flags nothing for a record without an account (no profile to read)', async () => {
    const record = await w.t.request({
      method: 'POST',
      url: '/api/v1/trainee-supervisors/',
      token: w.trainee.token,
      payload: { name: 'Paper', lastname: 'Only', email: 'paper.only@example.com' },
    });
    const id = record.json<{ id: number }>().id;
    await logDays(w, id, '2026-03-25', 2);
    const rows = (await list(w, w.trainee)).results.filter((row) => row.trainee_supervisor === id);
    expect(rows.map((row) => row.qualification_flags)).toEqual([[]]);
  });

  it('says when the profile lacks the dates', async () => {
    const bare = await createSupervisor(w.t.db, { name: 'Bo Bare' });
    const id = await linkSupervisor(w.t, w.trainee, bare, 'Bo', 'Bare');
    await logDays(w, id, '2026-03-28', 2);
    const row = (await list(w, w.trainee)).results.find((item) => item.trainee_supervisor === id);
    expect(row?.qualification_flags.map((flag) => flag.code)).toEqual([
      'certification-unknown',
      'training-unknown',
    ]);
  });
});

describe('the final form’s qualification flags (its whole period)', () => {
  it('flags every month of the period the supervisor did not qualify for', async () => {
    const answer = await listFinal(w, w.trainee);
    const ana = answer.results.find((row) => row.trainee_supervisor === w.recordId);
    expect(ana).toMatchObject({ from_month: '2026-01', to_month: '2026-03' });
    expect(ana?.qualification_flags.map((flag) => [flag.code, flag.month])).toEqual([
      ['consultation-missing', '2026-01'],
      ['consultation-missing', '2026-03'],
    ]);
  });

  it('flags nothing once each month has its consultation', async () => {
    for (const met_on of ['2026-01-20', '2026-03-20']) {
      const response = await w.t.request({
        method: 'POST',
        url: '/api/v1/consultations/',
        token: w.supervisor.token,
        payload: { met_on, consultant_name: 'Cora', consultant_bacb_id: '1-11-11111' },
      });
      expect(response.statusCode).toBe(201);
    }
    const final = await listFinal(w, w.supervisor, `?u_id=${w.trainee.id}`);
    const ana = final.results.find((row) => row.trainee_supervisor === w.recordId);
    expect(ana?.qualification_flags).toEqual([]);
    const months = (await list(w, w.trainee)).results.filter(
      (row) => row.trainee_supervisor === w.recordId,
    );
    expect(months.map((row) => row.qualification_flags)).toEqual([[], [], []]);
  });
});
