import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paperForms } from '../../src/server/db/schema';
import { readFvf } from '../../src/server/features/forms/fvf/fvf-read';
import type { RecordFilesAnswer } from '../../src/shared/files/record-file.schema';
import type { FinalForm } from '../../src/shared/forms/final-form.schema';
import type { DashboardTable } from '../../src/shared/progress/accrued.schema';
import { createSupervisor } from '../helpers/factories';
import { insertPaperForms } from '../helpers/form-factory';
import {
  download,
  dropTemplate,
  fill,
  filledFinal,
  formsWorld,
  linkSupervisor,
  list,
  logDays,
  sign,
  type FormsWorld,
} from './forms-support';

/*
 * Signing the F-FVF (issue 26; decision 013): the responsible supervisor alone signs it (the form
 * has no place for the trainee's signature: the trainee requests it and keeps it); that signature
 * flattens it and keeps it as a final record file, and it never changes or passes for an M-FVF
 * afterwards.
 */

let w: FormsWorld;
beforeAll(async () => {
  w = await formsWorld();
  await dropTemplate(w, 'mfvf-2022-individual');
  await dropTemplate(w, 'ffvf-2022-individual');
  // January and March count (60 h, 20 supervised each); February's 15 hours count nothing.
  await logDays(w, w.recordId, '2026-01-05', 20);
  await logDays(w, w.recordId, '2026-02-02', 5);
  await logDays(w, w.recordId, '2026-03-01', 20);
  // January's and February's forms were signed on paper in time (decision 024: unsigned after
  // the deadline, their hours would be at risk).
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

describe('signing the F-FVF', () => {
  let form: FinalForm;
  beforeAll(async () => {
    form = await filledFinal(w, payload());
  });

  it('asks no signature of the trainee; the supervisor’s completes it, and then it never changes', async () => {
    const byTrainee = await sign(w, w.trainee, form.id, undefined, 'final');
    expect(byTrainee.statusCode).toBe(409);
    expect(byTrainee.json()).toEqual({
      detail:
        "The F-FVF 2022 (Individual) has no place for the trainee's signature: only the responsible supervisor signs it.",
      code: 'CONFLICT',
    });
    w.t.clock.advanceMinutes(30);
    const bySupervisor = await sign(w, w.supervisor, form.id, undefined, 'final');
    expect(bySupervisor.statusCode, bySupervisor.body).toBe(200);
    const complete = bySupervisor.json<FinalForm>();
    expect(complete).toMatchObject({
      trainee_signature: null,
      supervisor_signature: { name: 'Ana Núñez', signed_on: '2026-04-10' },
      is_complete: true,
      completed_on: '2026-04-10',
      record_file: expect.any(Number),
    });

    for (const user of [w.trainee, w.supervisor]) {
      const again = await sign(w, user, form.id, undefined, 'final');
      expect(again.statusCode).toBe(409);
    }
    const refill = await fill(w, w.trainee, payload(), 'final');
    expect(refill.statusCode).toBe(409);
    expect(refill.json()).toEqual({
      detail:
        'This final form is signed and can no longer change. Reopening a month of its period voids it.',
      code: 'CONFLICT',
    });
  });

  it('downloads flattened, with the supervisor’s signature and the figures as page text', async () => {
    const pdf = await readFvf((await download(w, w.supervisor, form.id, 'final')).bytes);
    expect(pdf.isFlattened).toBe(true);
    expect(pdf.signatures).toEqual({
      supervisor: expect.objectContaining({ fullName: 'Ana Núñez', signedOn: '2026-04-10' }),
    });
    expect(pdf.text).toEqual(
      expect.arrayContaining(['01/2026', '03/2026', '80.00', '40.00', '120.00', '33.3%']),
    );
    expect(pdf.text.join(' ')).toContain('/s/ Ana Núñez');
  });

  it('is kept as a final form the trainee cannot delete and the supervisor sees', async () => {
    const records = async (user: typeof w.trainee, query = '') =>
      (
        await w.t.request({
          method: 'GET',
          url: `/api/v1/record-files/${query}`,
          token: user.token,
        })
      ).json<RecordFilesAnswer>();
    const kept = (await records(w.trainee)).final_form;
    expect(kept).toEqual([
      expect.objectContaining({
        form_type: 'Final',
        title: 'F-FVF January 2026 – March 2026 (Ana Núñez)',
        description:
          'Supervised Fieldwork with Ana Núñez, January 2026 – March 2026: the hours of 2 months that count.',
        signed_in_app: true,
      }),
    ]);
    expect((await records(w.supervisor, `?u_id=${w.trainee.id}`)).final_form).toEqual(kept);
    const url = `/api/v1/upload-record/${kept[0]?.id}/`;
    const deleted = await w.t.request({ method: 'DELETE', url, token: w.trainee.token });
    expect(deleted.statusCode).toBe(409);
    const bySupervisor = await w.t.request({ method: 'DELETE', url, token: w.supervisor.token });
    expect(bySupervisor.statusCode).toBe(403);
  });

  it('is not taken for the M-FVF of its last month', async () => {
    const march = (await list(w, w.trainee)).results.find((row) => row.month === '2026-03');
    expect(march).toMatchObject({ state: 'open', form: null });
  });

  it('never counts as the M-FVF of its last month, for the deadline or adjusted hours', async () => {
    // A concentrated F-FVF of January alone with another supervisor, completed on April 10,
    // after January's deadline.
    const lee = await createSupervisor(w.t.db, { name: 'Lee Park' });
    const leeRecord = await linkSupervisor(w.t, w.trainee, lee, 'Lee', 'Park');
    await logDays(w, leeRecord, '2026-01-05', 20, 2);
    // Its January counts (a paper M-FVF signed in time) while the F-FVF is filled and signed.
    await insertPaperForms(w.t.db, {
      traineeId: w.trainee.id,
      traineeSupervisorId: leeRecord,
      months: ['2026-01'],
      experienceTypeId: 2,
    });
    const january = await filledFinal(
      w,
      payload({ trainee_supervisor: leeRecord, from_month: '2026-01', to_month: '2026-01' }),
    );
    expect(january.expereince_type).toBe(2);
    expect((await sign(w, lee, january.id, undefined, 'final')).statusCode).toBe(200);
    // The paper form was entered wrongly and is removed: January has no M-FVF with Lee again.
    await w.t.db
      .update(paperForms)
      .set({ deletedAt: w.t.clock.now, deletedBy: w.trainee.id })
      .where(eq(paperForms.traineeSupervisorId, leeRecord));
    const rows = (await list(w, w.trainee)).results.filter((row) => row.month === '2026-01');
    // Ana's month was signed on paper; Lee's has no M-FVF: the F-FVF does not stand for one.
    expect(rows.map((row) => [row.supervisor_name, row.state, row.form])).toEqual([
      ['Ana Núñez', 'signed', null],
      ['Lee Park', 'overdue', null],
    ]);
    const table = await w.t.request({
      method: 'GET',
      url: '/api/v1/dashboard-table-api/',
      token: w.trainee.token,
    });
    const month = table.json<DashboardTable>().results.find((row) => row.month === '2026-01');
    // Lee's 60 concentrated hours are at risk (no M-FVF), not lost as signed late.
    expect(month?.removals).toEqual([]);
    expect(month?.adjusted_hours).toBe(60);
    expect(month?.at_risk_hours).toBe(60);
  });
});
