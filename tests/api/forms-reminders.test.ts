import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo as mailsOf } from '../helpers/accounts';
import { isLinkRequest } from '../helpers/link-requests';
import { createTrainee, type TestUser } from '../helpers/factories';
import { insertSupervisorRecord } from '../helpers/log-factory';
import {
  approveLogs,
  dropTemplate,
  filled,
  formsWorld,
  linkSupervisor,
  logDays,
  REMINDERS_APP_URL,
  runRemindersAt,
  setFormFields,
  sign,
  type FormsWorld,
} from './forms-support';

/*
 * The deadline reminders (issue 10 "Deadlines"): the trainee and the supervisor get one mail 10
 * days and one 3 days before a month's deadline while its form is unsigned, however often and on
 * however many instances the job runs; none once the form is signed.
 */

let w: FormsWorld;
let signedTrainee: TestUser;
let unlinkedRecord: number;

const runAt = (iso: string) => runRemindersAt(w, iso);
/** The reminders mailed to a person (not the trainees' requests to a supervisor, issue 36). */
const mailsTo = async (user: TestUser) =>
  (await mailsOf(w.t, user.email)).filter((mail) => !isLinkRequest(mail));

beforeAll(async () => {
  w = await formsWorld();
  await dropTemplate(w, 'mfvf-2022-individual');
  // March: hours with Ana (linked account) and with Lee (no account); the form is unsigned.
  await logDays(w, w.recordId, '2026-03-01', 20);
  unlinkedRecord = await insertSupervisorRecord(w.t.db, w.trainee.id, { name: 'Lee Park' });
  await logDays(w, unlinkedRecord, '2026-03-02', 1);
  // Another trainee of Ana's signed March's form with her already.
  signedTrainee = await createTrainee(w.t.db, { name: 'Sol Signed' });
  await setFormFields(w.t, signedTrainee);
  const record = await linkSupervisor(w.t, signedTrainee, w.supervisor, 'Ana', 'Núñez');
  const other = { t: w.t, trainee: signedTrainee };
  await logDays(other, record, '2026-03-01', 20);
  const form = await filled(other, {
    month: '2026-03',
    trainee_supervisor: record,
    expereince_type: 1,
  });
  expect((await sign(w, signedTrainee, form.id)).statusCode).toBe(200);
  await approveLogs(other, '2026-03');
  expect((await sign(w, w.supervisor, form.id)).statusCode).toBe(200);
});
afterAll(() => w.close());

describe('the form reminders job', () => {
  it('sends nothing on other days', async () => {
    expect(await runAt('2026-04-19T08:00:00.000Z')).toBe(0);
    expect(await runAt('2026-04-25T08:00:00.000Z')).toBe(0);
    expect(await runAt('2026-05-01T08:00:00.000Z')).toBe(0);
  });

  it('mails the trainee and the linked supervisor 10 days before the deadline, once', async () => {
    // Ana's record: trainee and supervisor; Lee's record (no account): the trainee only.
    expect(await runAt('2026-04-20T06:00:00.000Z')).toBe(3);
    expect(await runAt('2026-04-20T07:00:00.000Z')).toBe(0);
    expect(await runAt('2026-04-20T23:59:00.000Z')).toBe(0);

    const traineeMails = await mailsTo(w.trainee);
    expect(traineeMails.map((mail) => mail.subject)).toEqual([
      'Fieldwork Tracker: sign the March 2026 verification form by 4/30/2026',
      'Fieldwork Tracker: sign the March 2026 verification form by 4/30/2026',
    ]);
    expect(traineeMails[0]?.text).toBe(
      [
        'Hello Zoë Łukasz,',
        '',
        'Your monthly fieldwork verification form (M-FVF) for March 2026 with Ana Núñez is not signed yet. ' +
          'The BACB needs it signed by the trainee and the supervisor by 4/30/2026, 10 days from now; ' +
          "if it is signed later, the month's hours do not count.",
        '',
        `Fill and sign it: ${REMINDERS_APP_URL}/student/upload`,
      ].join('\n'),
    );
    expect(traineeMails[1]?.text).toContain('for March 2026 with Lee Park is not signed yet');
    const supervisorMails = await mailsTo(w.supervisor);
    expect(supervisorMails).toHaveLength(1);
    expect(supervisorMails[0]?.text).toContain(
      'The monthly fieldwork verification form (M-FVF) of Zoë Łukasz for March 2026 is not signed yet.',
    );
    expect(supervisorMails[0]?.text).toContain(
      `Review and sign it: ${REMINDERS_APP_URL}/supervisor/trainees/${w.trainee.id}`,
    );
    // The form Sol and Ana signed needs no reminder.
    expect(await mailsTo(signedTrainee)).toEqual([]);
  });

  it('mails again 3 days before, once however many instances run at the same moment', async () => {
    const runs = await Promise.all([
      runAt('2026-04-27T06:00:00.000Z'),
      runAt('2026-04-27T06:00:00.000Z'),
      runAt('2026-04-27T06:00:00.000Z'),
    ]);
    expect(runs.reduce((sum, n) => sum + n, 0)).toBe(3);
    expect(await runAt('2026-04-27T12:00:00.000Z')).toBe(0);
    const latest = (await mailsTo(w.trainee)).at(-1);
    expect(latest?.text).toContain('by 4/30/2026, 3 days from now');
  });

  it('sends none once the month’s forms are signed', async () => {
    // May's deadline is June 30: 10 days before is June 20.
    await logDays(w, w.recordId, '2026-05-04', 20);
    w.t.clock.now = new Date('2026-06-02T12:00:00.000Z');
    const form = await filled(w, {
      month: '2026-05',
      trainee_supervisor: w.recordId,
      expereince_type: 1,
    });
    expect((await sign(w, w.trainee, form.id)).statusCode).toBe(200);
    await approveLogs(w, '2026-05');
    expect((await sign(w, w.supervisor, form.id)).statusCode).toBe(200);
    const before = (await mailsTo(w.trainee)).length;
    expect(await runAt('2026-06-20T06:00:00.000Z')).toBe(0);
    expect(await mailsTo(w.trainee)).toHaveLength(before);
  });
});
