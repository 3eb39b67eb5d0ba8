import { billingStandingOf, paywallMessage } from '../../../shared/billing/access';
import type { BillingStanding } from '../../../shared/billing/billing.schema';
import { userSubscriptions, users } from '../../db/schema';
import type * as repo from './billing.repository';

/** The parts of a user the billing rules read. */
export type StandingUser = { isSupervisor: boolean; isPaid: boolean; dateJoined: Date };
/** The parts of a subscription row the billing rules read. */
export type StandingRow = Pick<
  repo.SubscriptionRow,
  'expiry' | 'isLifetime' | 'canceledAt' | 'status'
>;
/** A person's account as the billing rules read it: their user, and their row if they have one. */
export type StandingInputs = { user: StandingUser; subscription: StandingRow | null };

/**
 * The columns the standing reads, for a query from `users` left-joined to `user_subscriptions`
 * (the token lookup in plugins/auth.ts, the access warnings). Flat, with the row's id, and never
 * a nested `{ expiry, ... }` object: drizzle makes a left-joined nested object null whenever its
 * FIRST column is null, and a Lifetime row's expiry is null, so every Lifetime trainee (bought,
 * changed to or granted) was read as "paid, with no subscription on record" and refused every
 * write as expired while the subscription API, reading the row itself, said subscribed (issue 27).
 * Whether there is a row is its id, which a row always has.
 */
export const STANDING_COLUMNS = {
  isSupervisor: users.isSupervisor,
  isPaid: users.isPaid,
  dateJoined: users.dateJoined,
  subscriptionId: userSubscriptions.id,
  subscriptionExpiry: userSubscriptions.expiry,
  subscriptionIsLifetime: userSubscriptions.isLifetime,
  subscriptionCanceledAt: userSubscriptions.canceledAt,
  subscriptionStatus: userSubscriptions.status,
};
/** What STANDING_COLUMNS read: the subscription's columns are null when there is no row. */
export type StandingSelection = StandingUser & {
  subscriptionId: number | null;
  subscriptionExpiry: Date | null;
  subscriptionIsLifetime: boolean | null;
  subscriptionCanceledAt: Date | null;
  subscriptionStatus: StandingRow['status'] | null;
};

/** A person's account from what STANDING_COLUMNS read: the one way a joined row is read. */
export function standingInputsOf(selected: StandingSelection): StandingInputs {
  const user = {
    isSupervisor: selected.isSupervisor,
    isPaid: selected.isPaid,
    dateJoined: selected.dateJoined,
  };
  if (selected.subscriptionId === null) return { user, subscription: null };
  const { subscriptionIsLifetime: isLifetime, subscriptionStatus: status } = selected;
  // Both columns are NOT NULL: a row without them was not read with STANDING_COLUMNS.
  if (isLifetime === null || status === null) {
    throw new Error(`subscription ${selected.subscriptionId} was read without its terms`);
  }
  return {
    user,
    subscription: {
      expiry: selected.subscriptionExpiry,
      isLifetime,
      canceledAt: selected.subscriptionCanceledAt,
      status,
    },
  };
}

/**
 * Where a person stands with billing: the one rule of shared/billing/access.ts, fed from our
 * rows. The API's standing, the paywall and the warning mails all come from here.
 */
export function standingOf(inputs: StandingInputs, now: Date) {
  const { user, subscription: row } = inputs;
  return billingStandingOf({
    isSupervisor: user.isSupervisor,
    isPaid: user.isPaid,
    dateJoined: user.dateJoined,
    subscription: row && {
      expiry: row.expiry,
      isLifetime: row.isLifetime,
      renews: !row.isLifetime && row.canceledAt === null,
      pastDue: row.status === 'past_due',
    },
    now,
  });
}

/** Where a trainee stands, as the API shows it. */
export function standingView(inputs: StandingInputs, now: Date): BillingStanding {
  const standing = standingOf(inputs, now);
  return {
    access: standing.access,
    ends_at: standing.endsAt?.toISOString() ?? null,
    warning: standing.warning && {
      kind: standing.warning.kind,
      ends_at: standing.warning.endsAt?.toISOString() ?? null,
      days_left: standing.warning.daysLeft,
    },
  };
}

/**
 * The paywall's answer for one person (plugins/paywall.ts): the SPEC §8 message refusing their
 * write when their trial or subscription has run out, or null when they may write.
 */
export function paywallRefusalOf(inputs: StandingInputs, now: Date): string | null {
  return paywallMessage(standingOf(inputs, now).access);
}
