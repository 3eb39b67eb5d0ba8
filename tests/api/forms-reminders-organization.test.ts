import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails } from '../../src/server/db/schema';
import { sendFormReminders } from '../../src/server/features/forms/form-reminders.service';
import { createSupervisor, type TestUser } from '../helpers/factories';
import {
  atOrganization,
  dropTemplate,
  filled,
  formsWorld,
  linkSupervisor,
  logDays,
  unsignedFormsOf,
  type FormsWorld,
} from './forms-support';

/*
 * At an organization one M-FVF covers every supervisor there, and the responsible one signs it
 * (issue 26): by default the one with the most hours that month, or the one the trainee filled
 * the form with. The deadline reminders and the at-risk list name that supervisor alone: the
 * others are not asked for a signature that is not theirs, and the trainee gets one mail for the
 * one form, not one per supervisor.
 */

const APP_URL = 'https://tracker.example.com';
let w: FormsWorld;
let lee: TestUser;
let leeRecord: number;

const runAt = (iso: string) =>
  sendFormReminders({ db: w.t.db, mailer: w.t.mailer, appUrl: APP_URL, now: new Date(iso) });

async function mailsTo(user: TestUser) {
  const rows = await w.t.db
    .select({ text: outboxEmails.textBody })
    .from(outboxEmails)
    .where(eq(outboxEmails.toAddress, user.email))
    .orderBy(asc(outboxEmails.id));
  return rows.map((row) => row.text);
}

beforeAll(async () => {
  w = await formsWorld();
  await dropTemplate(w, 'mfvf-2022-organization');
  lee = await createSupervisor(w.t.db, { name: 'Lee Park' });
  leeRecord = await linkSupervisor(w.t, w.trainee, lee, 'Lee', 'Park');
  await atOrganization(w, w.recordId, 'Acme ABA');
  await atOrganization(w, leeRecord, 'ACME aba');
  // March: 20 days with Ana (60 h), 5 with Lee (15 h); no form yet.
  await logDays(w, w.recordId, '2026-03-01', 20);
  await logDays(w, leeRecord, '2026-03-21', 5);
});
afterAll(() => w.close());

describe('an organization’s unsigned month', () => {
  it('is on the at-risk list of the supervisor with the most hours, not the other one’s', async () => {
    expect(await unsignedFormsOf(w, w.supervisor)).toEqual([
      expect.objectContaining({ month: '2026-03', trainee_supervisor: w.recordId }),
    ]);
    expect(await unsignedFormsOf(w, lee)).toEqual([]);
  });

  it('is mailed once to the trainee, naming that supervisor, and to that supervisor alone', async () => {
    expect(await runAt('2026-04-20T06:00:00.000Z')).toBe(2);
    const traineeMails = await mailsTo(w.trainee);
    expect(traineeMails).toHaveLength(1);
    expect(traineeMails[0]).toContain('for March 2026 with Ana Núñez is not signed yet');
    expect(await mailsTo(w.supervisor)).toHaveLength(1);
    expect(await mailsTo(lee)).toEqual([]);
  });

  it('follows the form to the supervisor the trainee filled it with', async () => {
    const form = await filled(w, {
      month: '2026-03',
      trainee_supervisor: leeRecord,
      expereince_type: 1,
    });
    expect(form).toMatchObject({ variant: 'mfvf-2022-organization', is_complete: false });
    expect(await unsignedFormsOf(w, lee)).toEqual([
      expect.objectContaining({ month: '2026-03', trainee_supervisor: leeRecord }),
    ]);
    expect(await unsignedFormsOf(w, w.supervisor)).toEqual([]);

    // 3 days before the deadline: Lee's reminder, and the trainee's naming Lee; none for Ana.
    expect(await runAt('2026-04-27T06:00:00.000Z')).toBe(2);
    expect((await mailsTo(w.trainee)).at(-1)).toContain(
      'for March 2026 with Lee Park is not signed yet',
    );
    expect(await mailsTo(lee)).toHaveLength(1);
    expect(await mailsTo(w.supervisor)).toHaveLength(1);
  });
});
