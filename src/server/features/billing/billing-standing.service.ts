import { billingStandingOf, paywallMessage } from '../../../shared/billing/access';
import type { BillingStanding } from '../../../shared/billing/billing.schema';
import * as repo from './billing.repository';

/** The parts of a user the billing rules read. */
export type StandingUser = { isSupervisor: boolean; isPaid: boolean; dateJoined: Date };
/** The parts of a subscription row the billing rules read. */
export type StandingRow = Pick<
  repo.SubscriptionRow,
  'expiry' | 'isLifetime' | 'canceledAt' | 'status'
>;

/**
 * Where a person stands with billing: the one rule of shared/billing/access.ts, fed from our
 * rows. The API's standing, the paywall and the warning mails all come from here.
 */
export function standingOf(user: StandingUser, row: StandingRow | null, now: Date) {
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
export function standingView(
  user: StandingUser,
  row: StandingRow | null,
  now: Date,
): BillingStanding {
  const standing = standingOf(user, row, now);
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
export function paywallRefusalOf(
  inputs: { user: StandingUser; subscription: StandingRow | null },
  now: Date,
): string | null {
  return paywallMessage(standingOf(inputs.user, inputs.subscription, now).access);
}
