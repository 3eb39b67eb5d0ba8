import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { experienceLogs } from '../../src/server/db/schema';
import type { MonthForm } from '../../src/shared/forms/month-form.schema';
import type { TestUser } from '../helpers/factories';
import {
  createOutsiders,
  download,
  dropTemplate,
  expectFormHidden,
  fill,
  filled,
  formsWorld,
  list,
  logDays,
  sign,
  type FormsWorld,
} from './forms-support';

/*
 * Who may see and sign a month's form (wrong owner 404, wrong role 403, a supervisor not linked
 * or who removed the trainee 404), and reopening a signed-off month, which voids its forms.
 */

let w: FormsWorld;
let form: MonthForm;
let stranger: TestUser;
let strangerSupervisor: TestUser;
let coSupervisor: TestUser;
beforeAll(async () => {
  w = await formsWorld();
  await dropTemplate(w, 'mfvf-2022-individual');
  await logDays(w, w.recordId, '2026-03-01', 20);
  form = await filled(w, { month: '2026-03', trainee_supervisor: w.recordId, expereince_type: 1 });
  ({ stranger, strangerSupervisor, coSupervisor } = await createOutsiders(w));
});
afterAll(() => w.close());

const get = (user: TestUser | undefined, url: string) =>
  w.t.request({ method: 'GET', url, token: user?.token });

describe('who may see and sign a form', () => {
  it.each([
    ['another trainee', () => stranger],
    ['a supervisor not linked to the trainee', () => strangerSupervisor],
    ['a supervisor of the trainee who is not this form’s supervisor', () => coSupervisor],
  ])('%s gets 404 for it everywhere', async (_who, who) => {
    await expectFormHidden(w, who(), form.id);
  });

  it('lists a trainee’s forms to them and to their linked supervisor, no one else', async () => {
    expect((await get(stranger, `/api/v1/month-forms/?u_id=${w.trainee.id}`)).statusCode).toBe(404);
    expect(
      (await get(strangerSupervisor, `/api/v1/month-forms/?u_id=${w.trainee.id}`)).statusCode,
    ).toBe(404);
    const noTrainee = await get(w.supervisor, '/api/v1/month-forms/');
    expect(noTrainee.statusCode).toBe(400);
    expect(noTrainee.json()).toEqual({ u_id: ['⋆Required'] });
    const mine = await list(w, w.supervisor, `?u_id=${w.trainee.id}`);
    expect(mine.results.map((row) => row.form?.id)).toEqual([form.id]);
    // The co-supervisor has no hours logged with them: nothing to sign.
    expect((await list(w, coSupervisor, `?u_id=${w.trainee.id}`)).results).toEqual([]);
    expect((await get(undefined, '/api/v1/month-forms/')).statusCode).toBe(401);
  });

  it('lets only a trainee fill a form (403 for a supervisor), from their own records', async () => {
    const payload = { month: '2026-03', trainee_supervisor: w.recordId, expereince_type: 1 };
    const bySupervisor = await fill(w, w.supervisor, payload);
    expect(bySupervisor.statusCode).toBe(403);
    const byStranger = await fill(w, stranger, payload);
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.json()).toEqual({ detail: 'Supervisor not found', code: 'NOT_FOUND' });
  });

  it('hides the form from a supervisor who removed the trainee, until restored', async () => {
    const remove = (url: string) =>
      w.t.request({
        method: 'POST',
        url,
        token: w.supervisor.token,
        payload: { u_id: w.trainee.id },
      });
    expect((await remove('/api/v1/remove-user/')).statusCode).toBe(200);
    expect((await sign(w, w.supervisor, form.id)).statusCode).toBe(404);
    expect((await get(w.supervisor, `/api/v1/month-forms/?u_id=${w.trainee.id}`)).statusCode).toBe(
      404,
    );
    expect((await remove('/api/v1/restore-user/')).statusCode).toBe(200);
    expect((await get(w.supervisor, `/api/v1/month-forms/${form.id}/`)).statusCode).toBe(200);
  });

  it('answers 404 for a form that does not exist and 400 for an id that is not one', async () => {
    expect((await sign(w, w.trainee, 999_999)).statusCode).toBe(404);
    expect((await get(w.trainee, '/api/v1/month-forms/abc/')).statusCode).toBe(400);
  });
});

describe('reopening a signed-off month', () => {
  it('voids its forms, even a signed one, keeping them and their PDFs as history', async () => {
    await w.t.db
      .update(experienceLogs)
      .set({ status: 'approved' })
      .where(eq(experienceLogs.traineeId, w.trainee.id));
    expect((await sign(w, w.trainee, form.id)).statusCode).toBe(200);
    expect((await sign(w, w.supervisor, form.id)).statusCode).toBe(200);
    const month = { u_id: w.trainee.id, month: '2026-03' };
    const asSupervisor = (url: string) =>
      w.t.request({ method: 'POST', url, token: w.supervisor.token, payload: month });
    // The supervisor's signature signed the month off already (issue 36).
    expect((await asSupervisor('/api/v1/month-signoff/')).json()).toEqual({
      detail: 'You already signed this month off.',
      code: 'CONFLICT',
    });
    w.t.clock.advanceMinutes(5);
    expect((await asSupervisor('/api/v1/month-signoff/reopen/')).statusCode).toBe(200);

    const answer = await list(w, w.trainee);
    expect(answer.results.map((row) => [row.month, row.state, row.form])).toEqual([
      ['2026-03', 'open', null],
    ]);
    expect(
      answer.voided.map((voided) => [voided.id, voided.is_complete, voided.voided_at]),
    ).toEqual([[form.id, true, w.t.clock.now.toISOString()]]);
    expect((await download(w, w.trainee, form.id)).bytes.length).toBeGreaterThan(1000);
    const signAgain = await sign(w, w.trainee, form.id);
    expect(signAgain.statusCode).toBe(409);
    expect(signAgain.json<{ detail: string }>().detail).toBe(
      'This form was voided when its month was reopened: fill a new one.',
    );
    // A new form can be filled and signed for the month.
    const next = await filled(w, {
      month: '2026-03',
      trainee_supervisor: w.recordId,
      expereince_type: 1,
    });
    expect(next.id).not.toBe(form.id);
  });
});
