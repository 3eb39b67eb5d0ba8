import { eq } from 'drizzle-orm';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { experienceLogs, monthForms, monthSignoffs } from '../../src/server/db/schema';
import { createLogPayload } from '../../src/shared/logs/log-entry.factory';
import { readFvf } from '../../src/server/features/forms/fvf/fvf-read';
import type { MonthForm } from '../../src/shared/forms/month-form.schema';
import type { DashboardTable } from '../../src/shared/progress/accrued.schema';
import { followDownload } from './files-support';
import {
  approveLogs,
  download,
  dropTemplate,
  filled,
  formsWorld,
  list,
  logDays,
  sign,
  type FormsWorld,
} from './forms-support';

/*
 * Signing the month's form in the app (issue 10 "Signing"): trainee then supervisor, each with a
 * typed name under the attestation; the second signature flattens the PDF, keeps it as the
 * month's M-FVF record file and records the completion date, which adjusted hours reads.
 */

let w: FormsWorld;
let march: MonthForm;
beforeAll(async () => {
  w = await formsWorld();
  await dropTemplate(w, 'mfvf-2022-individual');
  await logDays(w, w.recordId, '2026-01-05', 20);
  await logDays(w, w.recordId, '2026-03-01', 20);
  march = await filled(w, { month: '2026-03', trainee_supervisor: w.recordId, expereince_type: 1 });
});
afterAll(() => w.close());

const asForm = (response: { json: () => unknown }) => response.json() as MonthForm;

describe('POST /api/v1/month-forms/{id}/sign/', () => {
  it('refuses a signature without the attestation, a name or a known time zone', async () => {
    const response = await sign(w, w.trainee, march.id, {
      full_name: '  ',
      attested: false,
      time_zone: 'Mars/Olympus',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      full_name: ['Type your full name to sign'],
      attested: ['Confirm the attestation to sign'],
      time_zone: ['Unknown time zone'],
    });
  });

  it('stamps the trainee’s signature with the date in their time zone', async () => {
    const response = await sign(w, w.trainee, march.id, {
      full_name: 'Zoë Łukasz',
      attested: true,
      time_zone: 'Pacific/Kiritimati',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(asForm(response)).toMatchObject({
      trainee_signature: {
        name: 'Zoë Łukasz',
        signed_at: '2026-04-10T12:00:00.000Z',
        signed_on: '2026-04-11',
      },
      supervisor_signature: null,
      is_complete: false,
      completed_on: null,
    });
    const pdf = await readFvf((await download(w, w.trainee, march.id)).bytes);
    expect(pdf.isFlattened).toBe(false);
    expect(pdf.fields.TRAINEE_SIGNATURE_DATE).toBe('4/11/2026');
    expect(pdf.signatures.trainee).toMatchObject({
      fullName: 'Zoë Łukasz',
      signedOn: '2026-04-11',
    });
  });

  it('refuses a second signature of the same party (409)', async () => {
    const response = await sign(w, w.trainee, march.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      detail: 'The trainee has already signed this form.',
      code: 'CONFLICT',
    });
  });

  it('waits for every log it reports to be approved before the supervisor signs (issue 36)', async () => {
    // 20 logs in March: 18 pending, 1 approved, 1 flagged back to the trainee.
    const ids = (
      await w.t.db
        .select({ id: experienceLogs.id })
        .from(experienceLogs)
        .where(eq(experienceLogs.traineeId, w.trainee.id))
        .orderBy(experienceLogs.dateOfExperience)
    ).map((row) => row.id);
    const marchIds = ids.slice(20);
    await w.t.db
      .update(experienceLogs)
      .set({ status: 'approved' })
      .where(eq(experienceLogs.id, marchIds[0] ?? 0));
    await w.t.db
      .update(experienceLogs)
      .set({ status: 'flagged' })
      .where(eq(experienceLogs.id, marchIds[1] ?? 0));
    const row = (await list(w, w.supervisor, `?u_id=${w.trainee.id}`)).results.find(
      (item) => item.month === '2026-03',
    );
    expect(row).toMatchObject({ logs_waiting: { pending: 18, flagged: 1 }, signed_off: null });
    const response = await sign(w, w.supervisor, march.id);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toEqual({
      code: 'CONFLICT',
      detail:
        '19 logs are not approved yet (18 pending, 1 flagged): approve every log of the month before signing its form, which signs the month off. A flagged log waits for the trainee to correct it and resend it.',
    });
    const stored = (await list(w, w.trainee)).results.find((r) => r.month === '2026-03')?.form;
    expect(stored?.supervisor_signature).toBeNull();
    await approveLogs(w, '2026-03');
  });

  it('completes with the supervisor: flattened, kept as the month’s record file', async () => {
    w.t.clock.advanceMinutes(60);
    const response = await sign(w, w.supervisor, march.id, {
      full_name: 'Ana Núñez',
      attested: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    const form = asForm(response);
    expect(form).toMatchObject({
      supervisor_signature: { name: 'Ana Núñez', signed_on: '2026-04-10' },
      is_complete: true,
      // The later of the two signature dates.
      completed_on: '2026-04-11',
    });
    expect(form.record_file).toEqual(expect.any(Number));

    const pdf = await readFvf((await download(w, w.supervisor, march.id)).bytes);
    expect(pdf.isFlattened).toBe(true);
    expect(pdf.signatures).toMatchObject({
      trainee: { fullName: 'Zoë Łukasz' },
      supervisor: { fullName: 'Ana Núñez', signedOn: '2026-04-10' },
    });
    expect(pdf.text.join(' ')).toContain('/s/ Ana Núñez');
    expect(pdf.text.join(' ')).toContain('60.00');

    const records = await w.t.request({
      method: 'GET',
      url: '/api/v1/record-files/',
      token: w.trainee.token,
    });
    const answer = records.json<{
      monthly_form: { month: string; files: { id: number; form_type: string; title: string }[] }[];
    }>();
    expect(answer.monthly_form).toEqual([
      {
        month: '2026-03',
        files: [
          expect.objectContaining({
            id: form.record_file,
            form_type: 'Monthly',
            title: 'M-FVF March 2026 (Ana Núñez)',
          }),
        ],
      },
    ]);
    const stored = await followDownload(
      w.t,
      await w.t.request({
        method: 'GET',
        url: `/api/v1/record-files/${form.record_file}/download/`,
        token: w.supervisor.token,
      }),
    );
    expect((await readFvf(stored.rawPayload)).isFlattened).toBe(true);
  });

  it('signs the month off with the supervisor’s signature: its logs are locked, both screens say so (issue 36)', async () => {
    const months = await w.t.request({
      method: 'GET',
      url: '/api/v1/month-signoff/',
      token: w.trainee.token,
    });
    expect(
      months.json<{ results: { month: string; state: string; signed_by: string | null }[] }>()
        .results,
    ).toContainEqual(
      expect.objectContaining({ month: '2026-03', state: 'signed', signed_by: 'Ana Núñez' }),
    );
    const row = (await list(w, w.trainee)).results.find((r) => r.month === '2026-03');
    expect(row).toMatchObject({
      state: 'signed',
      logs_waiting: { pending: 0, flagged: 0 },
      signed_off: { signed_by: 'Ana Núñez', signed_at: w.t.clock.now.toISOString() },
    });
    const added = await w.t.request({
      method: 'POST',
      url: '/api/v1/experience-log/',
      token: w.trainee.token,
      payload: createLogPayload({
        supervisor: w.recordId,
        trainee_supervisor: w.recordId,
        date_of_experience: '2026-03-31',
        time_of_expereince_start: '18:00',
        time_of_expereince_end: '21:00',
        supervision_start_time: '18:00',
        supervision_end_time: '19:00',
      }),
    });
    expect(added.statusCode, added.body).toBe(409);
    expect(added.json().detail).toBe(
      'Ana Núñez signed off March 2026, so your logs with them in that month are locked: none can be added, changed, moved in or out, or deleted. Ask them to reopen the month if something must change.',
    );
  });

  it('never changes a complete form: either party signing again is a 409', async () => {
    for (const user of [w.trainee, w.supervisor]) {
      const response = await sign(w, user, march.id);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        detail: 'This form is signed by both parties and can no longer change.',
        code: 'CONFLICT',
      });
    }
    const row = (await list(w, w.trainee)).results.find((r) => r.month === '2026-03');
    expect(row).toMatchObject({ state: 'signed', days_remaining: 20 });
  });

  it('keeps the signed record file as signed: its month and supervisor stay, it cannot be deleted', async () => {
    const form = asForm(
      await w.t.request({
        method: 'GET',
        url: `/api/v1/month-forms/${march.id}/`,
        token: w.trainee.token,
      }),
    );
    const url = `/api/v1/upload-record/${form.record_file}/`;
    const refused = {
      detail:
        'This form was signed by both of you in the app: its file, month and supervisor cannot change, and it cannot be deleted.',
      code: 'CONFLICT',
    };
    const moved = await w.t.request({
      method: 'PATCH',
      url,
      token: w.trainee.token,
      payload: { date: '2026-02-01' },
    });
    expect(moved.statusCode, moved.body).toBe(409);
    expect(moved.json()).toEqual(refused);
    const deleted = await w.t.request({ method: 'DELETE', url, token: w.trainee.token });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json()).toEqual(refused);
    // Its title is the trainee's own filing.
    const renamed = await w.t.request({
      method: 'PATCH',
      url,
      token: w.trainee.token,
      payload: { title: 'March, signed' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ title: 'March, signed', date: '2026-03-01' });
  });

  it('refuses to sign a form whose month’s logs changed after it was filled', async () => {
    const january = await filled(w, {
      month: '2026-01',
      trainee_supervisor: w.recordId,
      expereince_type: 1,
    });
    await logDays(w, w.recordId, '2026-01-30', 1);
    const response = await sign(w, w.trainee, january.id);
    expect(response.statusCode).toBe(409);
    expect(response.json<{ detail: string }>().detail).toBe(
      'The logs of this month changed after the form was filled, so it no longer shows them. Fill the form again, then sign.',
    );
  });
});

describe('two signatures at the same moment', () => {
  it('tells the later signer to sign again when the version they read was superseded', async () => {
    // The losing side of two signatures at once, made deterministic: the row still names the
    // version this signer read, but the first signature has already removed its PDF.
    await logDays(w, w.recordId, '2026-01-05', 20);
    const january = await filled(w, {
      month: '2026-01',
      trainee_supervisor: w.recordId,
      expereince_type: 1,
    });
    const [row] = await w.t.db
      .select({ storageKey: monthForms.storageKey })
      .from(monthForms)
      .where(eq(monthForms.id, january.id));
    await rm(join(w.folder.root, row!.storageKey));
    await approveLogs(w, '2026-01');
    const response = await sign(w, w.supervisor, january.id);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toEqual({
      code: 'CONFLICT',
      detail: 'This form changed while you were signing it: open it again and sign.',
    });
    const stored = (await list(w, w.trainee)).results.find((r) => r.month === '2026-01')?.form;
    expect(stored?.supervisor_signature).toBeNull();
  });

  it('never lose one: each lands, or the later is told to sign again', async () => {
    await logDays(w, w.recordId, '2026-02-02', 20);
    await approveLogs(w, '2026-02');
    const february = await filled(w, {
      month: '2026-02',
      trainee_supervisor: w.recordId,
      expereince_type: 1,
    });
    const answers = await Promise.all([
      sign(w, w.trainee, february.id),
      sign(w, w.supervisor, february.id),
    ]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(statuses);
    const stored = (await list(w, w.trainee)).results.find((r) => r.month === '2026-02')?.form;
    const pdf = await readFvf((await download(w, w.trainee, february.id)).bytes);
    // What the row says was signed is exactly what the PDF carries.
    expect(Object.keys(pdf.signatures).sort()).toEqual(
      [
        stored?.trainee_signature ? 'trainee' : null,
        stored?.supervisor_signature ? 'supervisor' : null,
      ]
        .filter((party) => party !== null)
        .sort(),
    );
    expect(pdf.isFlattened).toBe(stored?.is_complete);
  });
});

describe('a form signed after its deadline', () => {
  it('is signed late: its hours go from at risk to lost', async () => {
    const table = async () =>
      (
        await w.t.request({
          method: 'GET',
          url: '/api/v1/dashboard-table-api/',
          token: w.trainee.token,
        })
      ).json<DashboardTable>().results;
    // Unsigned after its deadline, January's hours are at risk: not counted, not lost yet.
    const januaryBefore = (await table()).find((row) => row.month === '2026-01');
    expect(januaryBefore?.adjusted_hours).toBe(0);
    expect(januaryBefore?.at_risk_hours).toBe(januaryBefore?.total_hours);
    expect(januaryBefore?.at_risk_hours).toBeGreaterThan(0);

    // January's deadline was February 28; it is April 10.
    const january = await filled(w, {
      month: '2026-01',
      trainee_supervisor: w.recordId,
      expereince_type: 1,
    });
    expect((await sign(w, w.trainee, january.id)).statusCode).toBe(200);
    expect((await sign(w, w.supervisor, january.id)).statusCode).toBe(200);

    const row = (await list(w, w.trainee)).results.find((r) => r.month === '2026-01');
    expect(row).toMatchObject({ state: 'signed-late', deadline: '2026-02-28' });
    const rows = await table();
    const januaryAfter = rows.find((r) => r.month === '2026-01');
    expect(januaryAfter?.adjusted_hours).toBe(0);
    expect(januaryAfter?.at_risk_hours).toBe(0);
    expect(januaryAfter?.removals.map((removal) => [removal.rule, removal.hours])).toEqual([
      ['form-signed-late', januaryBefore?.total_hours],
    ]);
    // March was signed on time: it keeps its hours.
    const marchRow = rows.find((r) => r.month === '2026-03');
    expect(marchRow?.removals.map((removal) => removal.rule)).not.toContain('form-signed-late');
    expect(marchRow?.adjusted_hours).toBeGreaterThan(0);
  });
});

describe('a signed form whose logs changed after all (issue 36)', () => {
  it('is out of date for both parties, until the month is reopened', async () => {
    // A form completed before a signature signed its month off: the sign-off is lifted here by
    // hand, as such a month stands, and the trainee adds a log to it.
    await w.t.db
      .update(monthSignoffs)
      .set({ reopenedAt: w.t.clock.now })
      .where(eq(monthSignoffs.month, '2026-03'));
    await logDays(w, w.recordId, '2026-03-28', 1);
    for (const [user, query] of [
      [w.trainee, ''],
      [w.supervisor, `?u_id=${w.trainee.id}`],
    ] as const) {
      const row = (await list(w, user, query)).results.find((r) => r.month === '2026-03');
      expect(row).toMatchObject({
        state: 'signed',
        is_outdated: true,
        signed_off: null,
        form: { is_complete: true },
        logs_waiting: { pending: 1, flagged: 0 },
      });
    }
  });
});
