import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo } from '../helpers/accounts';
import { isLinkRequest } from '../helpers/link-requests';
import {
  dropTemplate,
  filled,
  organizationWorld,
  runRemindersAt,
  unsignedFormsOf,
} from './forms-support';

/*
 * At an organization one M-FVF covers every supervisor there, and the responsible one signs it
 * (issue 26): by default the one with the most hours that month, or the one the trainee filled
 * the form with. The deadline reminders and the at-risk list name that supervisor alone: the
 * others are not asked for a signature that is not theirs, and the trainee gets one mail for the
 * one form, not one per supervisor.
 */

let w: Awaited<ReturnType<typeof organizationWorld>>;

beforeAll(async () => {
  // No form yet for March.
  w = await organizationWorld();
  await dropTemplate(w, 'mfvf-2022-organization');
});
afterAll(() => w.close());

/** The reminders' texts (not the trainee's request to a supervisor, issue 36). */
const textsTo = async (user: typeof w.lee) =>
  (await mailsTo(w.t, user.email)).filter((mail) => !isLinkRequest(mail)).map((mail) => mail.text);
const runAt = (iso: string) => runRemindersAt(w, iso);

describe('an organization’s unsigned month', () => {
  it('is on the at-risk list of the supervisor with the most hours, not the other one’s', async () => {
    expect(await unsignedFormsOf(w, w.supervisor)).toEqual([
      expect.objectContaining({ month: '2026-03', trainee_supervisor: w.recordId }),
    ]);
    expect(await unsignedFormsOf(w, w.lee)).toEqual([]);
  });

  it('is mailed once to the trainee, naming that supervisor, and to that supervisor alone', async () => {
    expect(await runAt('2026-04-20T06:00:00.000Z')).toBe(2);
    const traineeMails = await textsTo(w.trainee);
    expect(traineeMails).toHaveLength(1);
    expect(traineeMails[0]).toContain('for March 2026 with Ana Núñez is not signed yet');
    expect(await textsTo(w.supervisor)).toHaveLength(1);
    expect(await textsTo(w.lee)).toEqual([]);
  });

  it('follows the form to the supervisor the trainee filled it with', async () => {
    const form = await filled(w, {
      month: '2026-03',
      trainee_supervisor: w.leeRecord,
      expereince_type: 1,
    });
    expect(form).toMatchObject({ variant: 'mfvf-2022-organization', is_complete: false });
    expect(await unsignedFormsOf(w, w.lee)).toEqual([
      expect.objectContaining({ month: '2026-03', trainee_supervisor: w.leeRecord }),
    ]);
    expect(await unsignedFormsOf(w, w.supervisor)).toEqual([]);

    // 3 days before the deadline: Lee's reminder, and the trainee's naming Lee; none for Ana.
    expect(await runAt('2026-04-27T06:00:00.000Z')).toBe(2);
    expect((await textsTo(w.trainee)).at(-1)).toContain(
      'for March 2026 with Lee Park is not signed yet',
    );
    expect(await textsTo(w.lee)).toHaveLength(1);
    expect(await textsTo(w.supervisor)).toHaveLength(1);
  });
});
