import { billingStandingOf, paywallMessage } from '../../../shared/billing/access';
import type { BillingStanding } from '../../../shared/billing/billing.schema';
import { userSubscriptions, users } from '../../db/schema';
import type * as repo from './billing.repository';

export type StandingUser = { isSupervisor: boolean; isPaid: boolean; dateJoined: Date };
export type StandingRow = Pick<
  repo.SubscriptionRow,
  'expiry' | 'isLifetime' | 'canceledAt' | 'status'
>;
export type StandingInputs = { user: StandingUser; subscription: StandingRow | null };

/**
 * Flat, never a nested `{ expiry, ... }` object: drizzle makes a left-joined nested object null
 * whenever its FIRST column is null, and a Lifetime row's expiry is null, so every Lifetime
 * trainee was refused every write as expired (issue 27). Whether there is a row is its id.
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
export type StandingSelection = StandingUser & {
  subscriptionId: number | null;
  subscriptionExpiry: Date | null;
  subscriptionIsLifetime: boolean | null;
  subscriptionCanceledAt: Date | null;
  subscriptionStatus: StandingRow['status'] | null;
};

/** The one way a joined row is read. */
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

/** The API's standing, the paywall and the warning mails all come from here. */
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

/** The SPEC §8 message, or null when they may write. */
export function paywallRefusalOf(inputs: StandingInputs, now: Date): string | null {
  return paywallMessage(standingOf(inputs, now).access);
}
