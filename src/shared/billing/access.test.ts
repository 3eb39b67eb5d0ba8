import { describe, expect, it } from 'vitest';
import {
  billingAccessOf,
  daysRemaining,
  isSubscriptionExpired,
  isTrialAvailable,
  isTrialExpired,
  PAYWALL_MESSAGES,
  paywallMessage,
  trialEndsAt,
  type BillingAccess,
  type SubscriptionTerms,
} from './access';

const JOINED = new Date('2026-03-01T10:00:00Z');
const MINUTE = 60_000;
const DAY = 86_400_000;
const after = (base: Date, ms: number) => new Date(base.getTime() + ms);

describe('trialEndsAt', () => {
  it('is exactly 7 × 24 hours after joining', () => {
    expect(trialEndsAt(JOINED).toISOString()).toBe('2026-03-08T10:00:00.000Z');
  });
});

describe('isTrialExpired: day 7 is trial, day 8 is not', () => {
  it.each<[string, number, boolean]>([
    ['just after joining (day 1)', MINUTE, false],
    ['the first minute of day 7', 6 * DAY + MINUTE, false],
    ['the last minute of day 7', 7 * DAY - MINUTE, false],
    ['the very instant 7 days have passed (not "more than")', 7 * DAY, false],
    ['one millisecond into day 8', 7 * DAY + 1, true],
    ['one minute into day 8', 7 * DAY + MINUTE, true],
    ['a month later', 30 * DAY, true],
  ])('%s', (_case, sinceJoining, expired) => {
    const now = after(JOINED, sinceJoining);
    expect(isTrialExpired({ isSupervisor: false, isPaid: false, dateJoined: JOINED, now })).toBe(
      expired,
    );
  });

  it('never applies to a paid trainee or a supervisor', () => {
    const now = after(JOINED, 30 * DAY);
    expect(isTrialExpired({ isSupervisor: false, isPaid: true, dateJoined: JOINED, now })).toBe(
      false,
    );
    expect(isTrialExpired({ isSupervisor: true, isPaid: false, dateJoined: JOINED, now })).toBe(
      false,
    );
  });
});

describe('isSubscriptionExpired: expiry + 2 minutes', () => {
  const EXPIRY = new Date('2026-04-01T12:00:00Z');
  const monthly: SubscriptionTerms = { expiry: EXPIRY, isLifetime: false };
  it.each<[string, number, boolean]>([
    ['a day before expiry', -DAY, false],
    ['at expiry', 0, false],
    ['1 minute after expiry (inside the grace)', MINUTE, false],
    ['exactly 2 minutes after expiry', 2 * MINUTE, false],
    ['2 minutes and 1 ms after expiry', 2 * MINUTE + 1, true],
    ['3 minutes after expiry', 3 * MINUTE, true],
  ])('%s', (_case, sinceExpiry, expired) => {
    const now = after(EXPIRY, sinceExpiry);
    expect(
      isSubscriptionExpired({ isSupervisor: false, isPaid: true, subscription: monthly, now }),
    ).toBe(expired);
  });

  it('never expires a lifetime plan', () => {
    const lifetime: SubscriptionTerms = { expiry: null, isLifetime: true };
    const now = new Date('2090-01-01T00:00:00Z');
    expect(
      isSubscriptionExpired({ isSupervisor: false, isPaid: true, subscription: lifetime, now }),
    ).toBe(false);
  });

  it('never expires a supervisor, and needs a paid trainee', () => {
    const now = after(EXPIRY, DAY);
    expect(
      isSubscriptionExpired({ isSupervisor: true, isPaid: true, subscription: monthly, now }),
    ).toBe(false);
    expect(
      isSubscriptionExpired({ isSupervisor: false, isPaid: false, subscription: monthly, now }),
    ).toBe(false);
  });
});

describe('billingAccessOf and the paywall', () => {
  const EXPIRY = after(JOINED, 40 * DAY);
  it.each<[string, Parameters<typeof billingAccessOf>[0], BillingAccess, string | null]>([
    [
      'a supervisor, whatever the dates',
      {
        isSupervisor: true,
        isPaid: false,
        dateJoined: JOINED,
        subscription: null,
        now: after(JOINED, 400 * DAY),
      },
      'supervisor',
      null,
    ],
    [
      'a trainee on day 7 of the trial',
      {
        isSupervisor: false,
        isPaid: false,
        dateJoined: JOINED,
        subscription: null,
        now: after(JOINED, 7 * DAY - MINUTE),
      },
      'trial',
      null,
    ],
    [
      'a trainee on day 8 without a plan',
      {
        isSupervisor: false,
        isPaid: false,
        dateJoined: JOINED,
        subscription: null,
        now: after(JOINED, 7 * DAY + MINUTE),
      },
      'trial_expired',
      PAYWALL_MESSAGES.trial_expired,
    ],
    [
      'a subscriber one minute past expiry',
      {
        isSupervisor: false,
        isPaid: true,
        dateJoined: JOINED,
        subscription: { expiry: EXPIRY, isLifetime: false },
        now: after(EXPIRY, MINUTE),
      },
      'subscribed',
      null,
    ],
    [
      'a subscriber three minutes past expiry',
      {
        isSupervisor: false,
        isPaid: true,
        dateJoined: JOINED,
        subscription: { expiry: EXPIRY, isLifetime: false },
        now: after(EXPIRY, 3 * MINUTE),
      },
      'subscription_expired',
      'Looks like your subscription has expired.',
    ],
    [
      'a lifetime member years later',
      {
        isSupervisor: false,
        isPaid: true,
        dateJoined: JOINED,
        subscription: { expiry: null, isLifetime: true },
        now: after(JOINED, 3000 * DAY),
      },
      'subscribed',
      null,
    ],
  ])('%s', (_case, input, access, message) => {
    expect(billingAccessOf(input)).toBe(access);
    expect(paywallMessage(access)).toBe(message);
  });

  it('uses the SPEC §8 wording for the trial', () => {
    expect(paywallMessage('trial_expired')).toBe('Looks like your 7 day free trial has expired.');
  });
});

describe('isTrialAvailable', () => {
  it.each<[string, { isSupervisor?: boolean; trialUsed?: boolean; since: number }, boolean]>([
    ['a new trainee', { since: MINUTE }, true],
    ['the end of day 7', { since: 7 * DAY }, true],
    ['day 8', { since: 7 * DAY + MINUTE }, false],
    ['a trainee who already used it', { since: DAY, trialUsed: true }, false],
    ['a supervisor', { since: DAY, isSupervisor: true }, false],
  ])('%s', (_case, input, available) => {
    expect(
      isTrialAvailable({
        isSupervisor: input.isSupervisor ?? false,
        trialUsed: input.trialUsed ?? false,
        dateJoined: JOINED,
        now: after(JOINED, input.since),
      }),
    ).toBe(available);
  });
});

describe('daysRemaining', () => {
  const NOW = new Date('2026-05-10T12:00:00Z');
  it.each<[string, SubscriptionTerms | null, number | 'lifetime' | null]>([
    ['no plan shows --', null, null],
    ['lifetime shows ∞', { expiry: null, isLifetime: true }, 'lifetime'],
    ['exactly 30 days left', { expiry: after(NOW, 30 * DAY), isLifetime: false }, 30],
    [
      '29 days and a minute rounds up to 30',
      { expiry: after(NOW, 29 * DAY + MINUTE), isLifetime: false },
      30,
    ],
    ['one minute left is still a day', { expiry: after(NOW, MINUTE), isLifetime: false }, 1],
    ['expired shows 0', { expiry: after(NOW, -MINUTE), isLifetime: false }, 0],
  ])('%s', (_case, subscription, days) => {
    expect(daysRemaining(subscription, NOW)).toBe(days);
  });
});
