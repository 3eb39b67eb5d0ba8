import { describe, expect, it } from 'vitest';
import {
  billingStandingOf,
  dueWarningDays,
  paywallMessage,
  PAYWALL_MESSAGES,
  type AccessWarning,
  type BillingAccess,
} from './access';

// billingStandingOf at its boundaries: the one rule behind the API's standing, the paywall, the
// banner and the warning mails (access.test.ts covers the functions it is built from).

const JOINED = new Date('2026-03-01T10:00:00Z');
const TRIAL_ENDS = new Date('2026-03-08T10:00:00Z');
const EXPIRY = new Date('2026-05-01T12:00:00Z');
const MINUTE = 60_000;
const DAY = 86_400_000;
const after = (base: Date, ms: number) => new Date(base.getTime() + ms);

type Input = Parameters<typeof billingStandingOf>[0];
const trainee = (now: Date, subscription: Input['subscription'] = null): Input => ({
  isSupervisor: false,
  isPaid: subscription !== null,
  dateJoined: JOINED,
  subscription,
  now,
});
const plan = (over: Partial<NonNullable<Input['subscription']>> = {}) => ({
  expiry: EXPIRY,
  isLifetime: false,
  renews: true,
  pastDue: false,
  ...over,
});
const warn = (kind: AccessWarning['kind'], endsAt: Date, daysLeft: number): AccessWarning => ({
  kind,
  endsAt,
  daysLeft,
});

describe('billingStandingOf', () => {
  it.each<[string, Input, BillingAccess, Date | null, AccessWarning | null]>([
    [
      'trial, day 1: already within the 7-day warning',
      trainee(after(JOINED, MINUTE)),
      'trial',
      TRIAL_ENDS,
      warn('trial_ending', TRIAL_ENDS, 7),
    ],
    [
      'trial, day 7 (its last minute): 1 day left',
      trainee(after(TRIAL_ENDS, -MINUTE)),
      'trial',
      TRIAL_ENDS,
      warn('trial_ending', TRIAL_ENDS, 1),
    ],
    [
      'trial, the instant 7 days have passed: still trial, nothing left to count',
      trainee(TRIAL_ENDS),
      'trial',
      TRIAL_ENDS,
      warn('trial_ending', TRIAL_ENDS, 0),
    ],
    [
      'trial, day 8: expired, no warning (the dialog takes over)',
      trainee(after(TRIAL_ENDS, MINUTE)),
      'trial_expired',
      TRIAL_ENDS,
      null,
    ],
    [
      'a renewing plan 3 days before expiry: no warning',
      trainee(after(EXPIRY, -3 * DAY), plan()),
      'subscribed',
      EXPIRY,
      null,
    ],
    [
      'a cancelled plan 8 days before expiry: not yet',
      trainee(after(EXPIRY, -7 * DAY - MINUTE), plan({ renews: false })),
      'subscribed',
      EXPIRY,
      null,
    ],
    [
      'a cancelled plan exactly 7 days before expiry',
      trainee(after(EXPIRY, -7 * DAY), plan({ renews: false })),
      'subscribed',
      EXPIRY,
      warn('subscription_ending', EXPIRY, 7),
    ],
    [
      'a cancelled plan 1 minute after expiry: inside the grace, still subscribed',
      trainee(after(EXPIRY, MINUTE), plan({ renews: false })),
      'subscribed',
      EXPIRY,
      warn('subscription_ending', EXPIRY, 0),
    ],
    [
      'a cancelled plan 3 minutes after expiry: expired',
      trainee(after(EXPIRY, 3 * MINUTE), plan({ renews: false })),
      'subscription_expired',
      EXPIRY,
      null,
    ],
    [
      'a renewing plan 3 minutes after expiry (the renewal never came): expired',
      trainee(after(EXPIRY, 3 * MINUTE), plan()),
      'subscription_expired',
      EXPIRY,
      null,
    ],
    [
      'past due: the failed renewal is the warning',
      trainee(after(EXPIRY, -30 * MINUTE), plan({ pastDue: true })),
      'subscribed',
      EXPIRY,
      warn('renewal_failed', EXPIRY, 1),
    ],
    [
      'past due, then cancelled: a new card would not renew it, so it is ending',
      trainee(after(EXPIRY, -30 * MINUTE), plan({ pastDue: true, renews: false })),
      'subscribed',
      EXPIRY,
      warn('subscription_ending', EXPIRY, 1),
    ],
    [
      'past due, then cancelled, after expiry and its grace: expired',
      trainee(after(EXPIRY, 3 * MINUTE), plan({ pastDue: true, renews: false })),
      'subscription_expired',
      EXPIRY,
      null,
    ],
    [
      'lifetime, decades on: no end, no warning',
      trainee(
        new Date('2070-01-01T00:00:00Z'),
        plan({ expiry: null, isLifetime: true, renews: false }),
      ),
      'subscribed',
      null,
      null,
    ],
    [
      'a supervisor long after joining, never paid',
      { ...trainee(after(JOINED, 400 * DAY)), isSupervisor: true },
      'supervisor',
      null,
      null,
    ],
  ])('%s', (_case, input, access, endsAt, warning) => {
    expect(billingStandingOf(input)).toEqual({ access, endsAt, warning });
  });

  it('refuses writes exactly when the standing is expired, with the SPEC §8 message', () => {
    const over = billingStandingOf(trainee(after(TRIAL_ENDS, MINUTE))).access;
    expect(paywallMessage(over)).toBe(PAYWALL_MESSAGES.trial_expired);
    const lapsed = billingStandingOf(trainee(after(EXPIRY, 3 * MINUTE), plan())).access;
    expect(paywallMessage(lapsed)).toBe('Looks like your subscription has expired.');
    expect(paywallMessage(billingStandingOf(trainee(TRIAL_ENDS)).access)).toBeNull();
  });
});

describe('dueWarningDays: which warning mail is due', () => {
  it.each<[number, 7 | 1 | null]>([
    [9, null],
    [8, null],
    [7, 7],
    [5, 7],
    [2, 7],
    [1, 1],
    [0, null],
  ])('%i days left: %s', (daysLeft, due) => {
    expect(dueWarningDays(daysLeft)).toBe(due);
  });
});
