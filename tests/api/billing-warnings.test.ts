import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendAccessWarnings } from '../../src/server/features/billing/billing-warnings.service';
import { mailsTo as mailsOf } from '../helpers/accounts';
import { createSupervisor, createTrainee, type TestUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { charge, DAY } from './billing-support';

/*
 * The access warnings job: 7 days and 1 day before a trial or a cancelled plan ends, one mail
 * each, however often and on however many instances the job runs. Each case lives in its own
 * weeks so that no other case's trainee is due at its instants.
 */

let t: TestApp;
const APP_URL = 'https://tracker.example.com';
const MINUTE = 60_000;
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** One instance's run of the job at `now`. */
const runAt = (now: Date) =>
  sendAccessWarnings({ db: t.db, mailer: t.mailer, appUrl: APP_URL, now });

/** The mails a person was sent, oldest first. */
const mailsTo = (user: TestUser) => mailsOf(t, user.email);

/** A trainee who joined at `joined` and subscribed to `planId` then, optionally cancelling. */
async function subscriber(
  joined: Date,
  planId: number,
  opts: { trial?: boolean; cancel?: boolean },
) {
  t.clock.now = joined;
  const trainee = await createTrainee(t.db, { dateJoined: joined });
  const response = await charge(t, trainee.token, {
    sub_id: planId,
    token: 'tok_visa',
    trial: opts.trial ?? false,
  });
  expect(response.statusCode, response.body).toBe(201);
  if (opts.cancel) {
    const cancel = await t.request({
      method: 'POST',
      url: '/api/v1/modify-subscription/',
      token: trainee.token,
      payload: { id: response.json<{ subscription: { id: number } }>().subscription.id },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
  }
  return trainee;
}

describe('a trainee in the free trial', () => {
  const JOINED = new Date('2026-05-04T09:30:00.000Z');
  const ENDS = at(JOINED, 7 * DAY);

  it('is mailed 7 days and 1 day before the trial ends, once each, however often the job runs', async () => {
    const trainee = await createTrainee(t.db, { dateJoined: JOINED });
    expect(await runAt(at(JOINED, MINUTE))).toBe(1);
    expect(await runAt(at(JOINED, 2 * MINUTE))).toBe(0);
    // Day 6: still the 7-day mail's window, which was sent.
    expect(await runAt(at(ENDS, -DAY - MINUTE))).toBe(0);
    // Two instances at the first instant of the last day: one mail.
    const both = await Promise.all([runAt(at(ENDS, -DAY)), runAt(at(ENDS, -DAY))]);
    expect(both.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(await runAt(at(ENDS, -MINUTE))).toBe(0);
    // Ended: nothing more.
    expect(await runAt(at(ENDS, MINUTE))).toBe(0);

    const mails = await mailsTo(trainee);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Fieldwork Tracker: your 7-day free trial ends in 7 days',
      'Fieldwork Tracker: your 7-day free trial ends within a day',
    ]);
    expect(mails[0]?.text).toBe(
      [
        'Hello Tara Trainee,',
        '',
        'Your 7-day free trial ends in 7 days, on 5/11/2026 at 09:30 UTC. After that you can still sign in, see your logs and download them, but adding or changing logs needs a subscription.',
        'Your records are never deleted: they are kept for at least 7 years, as the BACB asks, whether or not you subscribe, and subscribing again restores everything as it was.',
        '',
        'Choose a plan, or download your logs (CSV) while you think it over: https://tracker.example.com/subscription',
      ].join('\n'),
    );
    expect(mails[1]?.text).toContain('Your 7-day free trial ends within a day, on 5/11/2026');
  });

  it('is not mailed once the trial is over, nor before the address is verified', async () => {
    const expired = await createTrainee(t.db, { dateJoined: at(JOINED, -8 * DAY) });
    const unverified = await createTrainee(t.db, { dateJoined: JOINED, verified: false });
    expect(await runAt(at(JOINED, 3 * MINUTE))).toBe(0);
    expect(await runAt(at(ENDS, -30 * MINUTE))).toBe(0);
    expect(await mailsTo(expired)).toEqual([]);
    expect(await mailsTo(unverified)).toEqual([]);
  });
});

describe('a subscriber', () => {
  it('whose cancelled plan ends is mailed at 7 days (not at 8) and at 1 day', async () => {
    const trainee = await subscriber(new Date('2026-06-01T15:00:00.000Z'), 12, { cancel: true });
    const ends = new Date('2026-07-01T15:00:00.000Z'); // a month after the charge
    expect(await runAt(at(ends, -7 * DAY - MINUTE))).toBe(0);
    expect(await runAt(at(ends, -7 * DAY))).toBe(1);
    expect(await runAt(at(ends, -7 * DAY + 30 * MINUTE))).toBe(0);
    expect(await runAt(at(ends, -DAY + MINUTE))).toBe(1);
    expect(await runAt(at(ends, -MINUTE))).toBe(0);
    expect(await runAt(at(ends, MINUTE))).toBe(0);
    const mails = await mailsTo(trainee);
    // The receipt first, then the two warnings.
    expect(mails.map((mail) => mail.subject).slice(1)).toEqual([
      'Fieldwork Tracker: your subscription ends in 7 days',
      'Fieldwork Tracker: your subscription ends within a day',
    ]);
    expect(mails[1]?.text).toContain('Your subscription ends in 7 days, on 7/1/2026 at 15:00 UTC.');
    expect(mails[1]?.text).toContain('Your records are never deleted');
    expect(mails[1]?.text).toContain(`${APP_URL}/subscription`);
    expect(mails[1]?.text).not.toContain('/student/dashboard');
  });

  it('whose cancelled free trial ends is mailed that the subscription ends', async () => {
    const joined = new Date('2026-07-06T08:00:00.000Z');
    const trainee = await subscriber(joined, 13, { trial: true, cancel: true });
    expect(await runAt(at(joined, MINUTE))).toBe(1);
    expect((await mailsTo(trainee)).at(-1)?.subject).toBe(
      'Fieldwork Tracker: your subscription ends in 7 days',
    );
  });

  it('is not mailed while the plan renews, in a trial that renews, or for Lifetime', async () => {
    const start = new Date('2026-08-03T10:00:00.000Z');
    const monthly = await subscriber(at(start, -8 * DAY), 12, {});
    const trialing = await subscriber(start, 12, { trial: true });
    const lifetime = await subscriber(at(start, -8 * DAY), 14, {});
    for (const offset of [MINUTE, 6 * DAY + MINUTE, 22 * DAY, 30 * DAY - 60 * MINUTE]) {
      expect(await runAt(at(start, offset))).toBe(0);
    }
    // Only their receipts.
    for (const trainee of [monthly, trialing, lifetime]) {
      expect((await mailsTo(trainee)).length).toBe(1);
    }
  });
});

describe('a supervisor', () => {
  it('is never mailed: supervisors never pay', async () => {
    const joined = new Date('2026-09-07T10:00:00.000Z');
    const supervisor = await createSupervisor(t.db, { dateJoined: joined });
    expect(await runAt(at(joined, MINUTE))).toBe(0);
    expect(await runAt(at(joined, 6 * DAY + MINUTE))).toBe(0);
    expect(await mailsTo(supervisor)).toEqual([]);
  });
});
