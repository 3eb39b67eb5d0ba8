import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { experienceLogs } from '../../src/server/db/schema';
import type { FinalForm } from '../../src/shared/forms/final-form.schema';
import type { PaperFormsAnswer } from '../../src/shared/forms/paper-form.schema';
import type { TestUser } from '../helpers/factories';
import { insertPaperForms } from '../helpers/form-factory';
import {
  approveLogs,
  createOutsiders,
  download,
  dropTemplate,
  expectFormHidden,
  FORM_NOT_FOUND,
  fill,
  filled,
  filledFinal,
  formsWorld,
  listFinal,
  logDays,
  sign,
  type FormsWorld,
} from './forms-support';

/*
 * Who may see and sign an F-FVF (wrong owner 404, wrong role 403, a supervisor not linked, not
 * this form's, or who removed the trainee 404), when it must be filled again (its period's hours
 * changed, a month's M-FVF was signed late), and reopening a month of its period.
 */

let w: FormsWorld;
let form: FinalForm;
let stranger: TestUser;
let strangerSupervisor: TestUser;
let coSupervisor: TestUser;
const JANUARY_TO_MARCH = { from_month: '2026-01', to_month: '2026-03', expereince_type: 1 };
beforeAll(async () => {
  w = await formsWorld();
  await dropTemplate(w, 'mfvf-2022-individual');
  await dropTemplate(w, 'ffvf-2022-individual');
  await logDays(w, w.recordId, '2026-01-05', 20);
  // February's one day keeps January to March one experience (a month without hours would start
  // a new one: issue 38); under the monthly minimum, it counts nothing.
  await logDays(w, w.recordId, '2026-02-02', 1);
  await logDays(w, w.recordId, '2026-03-01', 20);
  // January's form recorded as signed on paper in time (unsigned after its deadline, its hours
  // would be at risk: decision 024).
  await insertPaperForms(w.t.db, {
    traineeId: w.trainee.id,
    traineeSupervisorId: w.recordId,
    months: ['2026-01'],
  });
  form = await filledFinal(w, { ...JANUARY_TO_MARCH, trainee_supervisor: w.recordId });
  ({ stranger, strangerSupervisor, coSupervisor } = await createOutsiders(w));
});
afterAll(() => w.close());

const get = (user: TestUser | undefined, url: string) =>
  w.t.request({ method: 'GET', url, token: user?.token });

describe('who may see and sign an F-FVF', () => {
  it.each([
    ['another trainee', () => stranger],
    ['a supervisor not linked to the trainee', () => strangerSupervisor],
    ['a supervisor of the trainee who is not this form’s supervisor', () => coSupervisor],
  ])('%s gets 404 for it everywhere', async (_who, who) => {
    await expectFormHidden(w, who(), form.id, 'final');
  });

  it('lists a trainee’s final forms to them and to their linked supervisor, no one else', async () => {
    const url = `/api/v1/final-forms/?u_id=${w.trainee.id}`;
    expect((await get(stranger, url)).statusCode).toBe(404);
    expect((await get(strangerSupervisor, url)).statusCode).toBe(404);
    expect((await get(w.supervisor, '/api/v1/final-forms/')).json()).toEqual({
      u_id: ['⋆Required'],
    });
    const mine = await listFinal(w, w.supervisor, `?u_id=${w.trainee.id}`);
    expect(mine.results.map((row) => row.form?.id)).toEqual([form.id]);
    expect((await listFinal(w, coSupervisor, `?u_id=${w.trainee.id}`)).results).toEqual([]);
    expect((await get(undefined, '/api/v1/final-forms/')).statusCode).toBe(401);
  });

  it('lets only a trainee fill one (403 for a supervisor), from their own records', async () => {
    const payload = { ...JANUARY_TO_MARCH, trainee_supervisor: w.recordId };
    expect((await fill(w, w.supervisor, payload, 'final')).statusCode).toBe(403);
    const byStranger = await fill(w, stranger, payload, 'final');
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.json()).toEqual({ detail: 'Supervisor not found', code: 'NOT_FOUND' });
  });

  it('hides it from a supervisor who removed the trainee, until restored', async () => {
    const remove = (url: string) =>
      w.t.request({
        method: 'POST',
        url,
        token: w.supervisor.token,
        payload: { u_id: w.trainee.id },
      });
    expect((await remove('/api/v1/remove-user/')).statusCode).toBe(200);
    expect((await sign(w, w.supervisor, form.id, undefined, 'final')).statusCode).toBe(404);
    expect((await get(w.supervisor, `/api/v1/final-forms/${form.id}/download/`)).statusCode).toBe(
      404,
    );
    expect((await remove('/api/v1/restore-user/')).statusCode).toBe(200);
    expect((await get(w.supervisor, `/api/v1/final-forms/${form.id}/`)).statusCode).toBe(200);
  });

  it('never answers an M-FVF as an F-FVF, nor the reverse', async () => {
    const march = await filled(w, {
      month: '2026-03',
      trainee_supervisor: w.recordId,
      expereince_type: 1,
    });
    expect((await get(w.trainee, `/api/v1/final-forms/${march.id}/`)).json()).toEqual(
      FORM_NOT_FOUND,
    );
    expect((await get(w.trainee, `/api/v1/month-forms/${form.id}/`)).json()).toEqual(
      FORM_NOT_FOUND,
    );
    expect((await sign(w, w.trainee, march.id, undefined, 'final')).statusCode).toBe(404);
  });
});

describe('an F-FVF that no longer shows its period', () => {
  it('is marked outdated and refused a signature once a log of the period changes', async () => {
    await logDays(w, w.recordId, '2026-03-25', 1);
    const row = (await listFinal(w, w.trainee)).results[0];
    expect(row).toMatchObject({ is_outdated: true, figures: { total_hours: 123 } });
    expect(row?.form?.figures.total_hours).toBe(120);
    const response = await sign(w, w.trainee, form.id, undefined, 'final');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      detail:
        'The hours of this period changed after the form was filled, so it no longer shows them. Fill the form again, then sign.',
      code: 'CONFLICT',
    });
    form = await filledFinal(w, { ...JANUARY_TO_MARCH, trainee_supervisor: w.recordId });
    expect(form.figures.total_hours).toBe(123);
  });

  it('counts nothing of a month once its M-FVF is signed after the deadline', async () => {
    // The paper form recorded for January was entered wrongly: the trainee removes it.
    const papers = await w.t.request({
      method: 'GET',
      url: '/api/v1/month-forms/paper/',
      token: w.trainee.token,
    });
    const [paper] = papers.json<PaperFormsAnswer>().results;
    const removed = await w.t.request({
      method: 'DELETE',
      url: `/api/v1/month-forms/paper/${paper?.id}/`,
      token: w.trainee.token,
    });
    expect(removed.statusCode).toBe(204);
    // January's deadline was February 28; it is April 10.
    const january = await filled(w, {
      month: '2026-01',
      trainee_supervisor: w.recordId,
      expereince_type: 1,
    });
    expect((await sign(w, w.trainee, january.id)).statusCode).toBe(200);
    await approveLogs(w, '2026-01');
    expect((await sign(w, w.supervisor, january.id)).statusCode).toBe(200);
    const row = (await listFinal(w, w.trainee)).results[0];
    expect(row).toMatchObject({
      is_outdated: true,
      months: 1,
      figures: { total_hours: 63 },
      adjustments: [
        {
          month: '2026-01',
          logged_hours: 60,
          counted_hours: 0,
          reasons: ['monthly verification form with Ana Núñez signed late: 60 hours lost'],
        },
        {
          month: '2026-02',
          logged_hours: 3,
          counted_hours: 0,
          reasons: [
            'at risk: no signed monthly form with Ana Núñez by 3/31/2026: 3 hours not counted until a signed form is recorded',
          ],
        },
      ],
    });
    form = await filledFinal(w, { ...JANUARY_TO_MARCH, trainee_supervisor: w.recordId });
    expect(form).toMatchObject({ months: 1, figures: { total_hours: 63 } });
  });
});

describe('reopening a month of the period', () => {
  it('voids the F-FVF, even signed, keeping it and its PDF as history; other months do not', async () => {
    const signed = await sign(w, w.supervisor, form.id, undefined, 'final');
    expect(signed.statusCode, signed.body).toBe(200);
    await logDays(w, w.recordId, '2025-12-01', 1);
    await w.t.db
      .update(experienceLogs)
      .set({ status: 'approved' })
      .where(eq(experienceLogs.traineeId, w.trainee.id));
    const cycle = async (month: string) => {
      const body = { u_id: w.trainee.id, month };
      const asSupervisor = (url: string) =>
        w.t.request({ method: 'POST', url, token: w.supervisor.token, payload: body });
      expect((await asSupervisor('/api/v1/month-signoff/')).statusCode).toBe(200);
      w.t.clock.advanceMinutes(5);
      expect((await asSupervisor('/api/v1/month-signoff/reopen/')).statusCode).toBe(200);
    };
    await cycle('2025-12');
    expect((await listFinal(w, w.trainee)).voided.map((item) => item.id)).not.toContain(form.id);

    await cycle('2026-03');
    const answer = await listFinal(w, w.trainee);
    expect(answer.results[0]?.form).toBeNull();
    expect(answer.voided.find((item) => item.id === form.id)).toMatchObject({
      is_complete: true,
      voided_at: w.t.clock.now.toISOString(),
    });
    expect((await download(w, w.trainee, form.id, 'final')).bytes.length).toBeGreaterThan(1000);
    const again = await sign(w, w.supervisor, form.id, undefined, 'final');
    expect(again.statusCode).toBe(409);
  });
});
