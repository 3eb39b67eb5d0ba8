import { describe, expect, it } from 'vitest';
import { BILLING_ACCESS } from '../../../shared/billing/subscription.schema';
import { expiredAccessOf, paywallMessage, PAYWALL_MESSAGES } from '../../../shared/billing/access';
import {
  paywallRefusalOf,
  standingInputsOf,
  standingOf,
  type StandingSelection,
} from './billing-standing.service';

// The token lookup's reading of a joined subscription row (issue 27: a Lifetime row, whose
// expiry is null, was read as no row at all).

const NOW = new Date('2026-09-05T12:00:00Z');
const trainee = { isSupervisor: false, isPaid: true, dateJoined: new Date('2026-09-01T12:00:00Z') };
const noRow: StandingSelection = {
  ...trainee,
  isPaid: false,
  subscriptionId: null,
  subscriptionExpiry: null,
  subscriptionIsLifetime: null,
  subscriptionCanceledAt: null,
  subscriptionStatus: null,
};
const lifetime: StandingSelection = {
  ...trainee,
  subscriptionId: 7,
  subscriptionExpiry: null,
  subscriptionIsLifetime: true,
  subscriptionCanceledAt: null,
  subscriptionStatus: 'active',
};

describe('standingInputsOf', () => {
  it('reads a row by its id: a Lifetime row (expiry and cancellation null) is a row', () => {
    expect(standingInputsOf(lifetime).subscription).toEqual({
      expiry: null,
      isLifetime: true,
      canceledAt: null,
      status: 'active',
    });
    expect(standingOf(standingInputsOf(lifetime), NOW).access).toBe('subscribed');
    expect(paywallRefusalOf(standingInputsOf(lifetime), NOW)).toBeNull();
  });

  it('reads no row as none: a trainee in the trial', () => {
    expect(standingInputsOf(noRow)).toEqual({
      user: { ...trainee, isPaid: false },
      subscription: null,
    });
    expect(standingOf(standingInputsOf(noRow), NOW).access).toBe('trial');
  });

  it('refuses a row read without its terms rather than guess them', () => {
    expect(() => standingInputsOf({ ...lifetime, subscriptionIsLifetime: null })).toThrow(
      'subscription 7 was read without its terms',
    );
  });
});

describe('expiredAccessOf: the client’s dialog and the paywall’s refusal are one test', () => {
  it.each(BILLING_ACCESS)('%s', (access) => {
    const expired = expiredAccessOf(access);
    expect(paywallMessage(access)).toBe(expired ? PAYWALL_MESSAGES[expired] : null);
    expect(expired !== null).toBe(access === 'trial_expired' || access === 'subscription_expired');
  });
});
