/**
 * Who may use the student area, by the rules of SPEC §4 and §9. The server's answers and the
 * client's dialogs both come from these functions; nothing else decides trial or expiry.
 *
 * One reading (issue 27): `billingStandingOf` is the verdict. The server computes it once per
 * request from the person's account as the token lookup read it (billing-standing.service), and
 * both the paywall and GET /api/v1/user-subscription/ (`standing`) give that verdict; the client
 * gates its pages on `standing.access` through `expiredAccessOf`, the paywall's own test.
 */

/** SPEC §9: the free trial lasts 7 days from joining. */
export const TRIAL_DAYS = 7;
/** SPEC §9: a subscription still counts for 2 minutes after its expiry (the renewal's slack). */
export const EXPIRY_GRACE_MINUTES = 2;

const MS_PER_DAY = 86_400_000;
const MS_PER_MINUTE = 60_000;

/** SPEC §8, the dialogs of an unpaid trainee. */
export const PAYWALL_MESSAGES = {
  trial_expired: 'Looks like your 7 day free trial has expired.',
  subscription_expired: 'Looks like your subscription has expired.',
} as const;

/** The part of a user subscription these rules read. `expiry` is null for lifetime. */
export type SubscriptionTerms = { expiry: Date | null; isLifetime: boolean };

/**
 * What the rules read of a subscription row: its terms, whether it renews (false once cancelled,
 * and for lifetime) and whether a renewal failed.
 */
export type SubscriptionState = SubscriptionTerms & { renews: boolean; pastDue: boolean };

/**
 * What the rules read of a person: their user row and their subscription row, null only when
 * there is none (a Lifetime row, whose expiry is null, is a row all the same).
 */
export type BillingAccount = {
  isSupervisor: boolean;
  isPaid: boolean;
  dateJoined: Date;
  subscription: SubscriptionState | null;
};

/**
 * The instant the trial ends: exactly 7 × 24 hours after joining. "Joined more than 7 days ago"
 * (SPEC §4) is strictly later than this instant, so the whole of day 7 is still trial (day 1
 * is the first 24 hours) and day 8 is not.
 */
export function trialEndsAt(dateJoined: Date): Date {
  return new Date(dateJoined.getTime() + TRIAL_DAYS * MS_PER_DAY);
}

/** SPEC §4 "Trial expired": not paid, and joined more than 7 days ago. Never a supervisor. */
export function isTrialExpired(input: {
  isSupervisor: boolean;
  isPaid: boolean;
  dateJoined: Date;
  now: Date;
}): boolean {
  if (input.isSupervisor || input.isPaid) return false;
  return input.now.getTime() > trialEndsAt(input.dateJoined).getTime();
}

/**
 * SPEC §4 "Subscription expired": paid, not lifetime, and expiry + 2 minutes is in the past.
 * Lifetime never expires; supervisors never do.
 */
export function isSubscriptionExpired(input: {
  isSupervisor: boolean;
  isPaid: boolean;
  subscription: SubscriptionTerms | null;
  now: Date;
}): boolean {
  const { subscription } = input;
  if (input.isSupervisor || !input.isPaid) return false;
  // Paid with nothing on record grants nothing (it cannot happen while rows are never deleted).
  if (!subscription) return true;
  if (subscription.isLifetime) return false;
  if (!subscription.expiry) return true;
  return subscription.expiry.getTime() + EXPIRY_GRACE_MINUTES * MS_PER_MINUTE < input.now.getTime();
}

/** Where a person stands with billing. */
export type BillingAccess =
  'supervisor' | 'trial' | 'subscribed' | 'trial_expired' | 'subscription_expired';

/** Where a person stands (the `access` of `billingStandingOf`, which the paywall gives). */
export function billingAccessOf(input: {
  isSupervisor: boolean;
  isPaid: boolean;
  dateJoined: Date;
  subscription: SubscriptionTerms | null;
  now: Date;
}): BillingAccess {
  if (input.isSupervisor) return 'supervisor';
  if (input.isPaid) return isSubscriptionExpired(input) ? 'subscription_expired' : 'subscribed';
  return isTrialExpired(input) ? 'trial_expired' : 'trial';
}

/** The two ways a trainee's access runs out, each with its SPEC §8 message. */
export type ExpiredAccess = keyof typeof PAYWALL_MESSAGES;

/**
 * Whether a standing's access (a BillingAccess, as the wire carries it) has run out, and how: the
 * paywall refuses writes on it, and the client shows the expired dialog on it. Null for everyone
 * who may write.
 */
export function expiredAccessOf(access: string): ExpiredAccess | null {
  return access === 'trial_expired' || access === 'subscription_expired' ? access : null;
}

/**
 * The paywall: the message refusing an unpaid trainee's write, or null when the write may go
 * ahead. The server enforces it on every write route but the exempt ones (plugins/paywall.ts);
 * reads are never refused, so a trainee can always see and download their records
 * (BACB-RULES.md: kept 7 years), and nothing is deleted when access ends.
 */
export function paywallMessage(access: BillingAccess): string | null {
  const expired = expiredAccessOf(access);
  return expired ? PAYWALL_MESSAGES[expired] : null;
}

/**
 * Whether the 7-day trial can still be attached to a new Monthly or Yearly subscription: never
 * used before, and the trial not expired by time (the same instant as `isTrialExpired`). A trial subscription ends
 * when that window ends, so the trial is 7 days from joining however late it is started.
 */
export function isTrialAvailable(input: {
  isSupervisor: boolean;
  dateJoined: Date;
  trialUsed: boolean;
  now: Date;
}): boolean {
  if (input.isSupervisor || input.trialUsed) return false;
  return input.now.getTime() <= trialEndsAt(input.dateJoined).getTime();
}

/**
 * Days left on the current plan, rounded up (the dashboard's "days remaining"): 'lifetime' for
 * ∞, null for no plan ('--'), 0 once it has run out.
 */
export function daysRemaining(
  subscription: SubscriptionTerms | null,
  now: Date,
): number | 'lifetime' | null {
  if (!subscription) return null;
  if (subscription.isLifetime) return 'lifetime';
  if (!subscription.expiry) return 0;
  return daysUntil(subscription.expiry, now);
}

/** Days before an end that the trainee is warned (by banner and by email), largest first. */
export const WARNING_DAYS = [7, 1] as const;

/**
 * Which warning mail is due with `daysLeft` whole days left (rounded up, as `billingStandingOf`
 * counts them): the smallest of WARNING_DAYS that is still ≥ daysLeft, so 7 from 7 days left
 * down to 2 (a job that missed the exact day still warns once) and 1 on the last day; null with
 * more than 7 days left, or none.
 */
export function dueWarningDays(daysLeft: number): (typeof WARNING_DAYS)[number] | null {
  if (daysLeft <= 0) return null;
  let due: (typeof WARNING_DAYS)[number] | null = null;
  // Largest first, so the last that still fits is the smallest.
  for (const days of WARNING_DAYS) if (daysLeft <= days) due = days;
  return due;
}

/** Why a banner warns a trainee: a trial or a non-renewing plan ends soon, or a renewal failed. */
export type AccessWarningKind = 'trial_ending' | 'subscription_ending' | 'renewal_failed';
export type AccessWarning = {
  kind: AccessWarningKind;
  endsAt: Date | null;
  daysLeft: number | null;
};

/**
 * Where a trainee stands and what to warn about. `subscription` is the trainee's row, if any:
 * `renews` is false once cancelled (or for lifetime), `pastDue` after a failed renewal.
 * A plan that renews is not "ending"; a trial or a cancelled plan is, within WARNING_DAYS[0] days.
 * A failed renewal matters only while the plan would renew: once cancelled, a new card would
 * not renew it, so a past-due plan that was cancelled is simply ending.
 */
export function billingStandingOf(input: BillingAccount & { now: Date }): {
  access: BillingAccess;
  endsAt: Date | null;
  warning: AccessWarning | null;
} {
  const access = billingAccessOf(input);
  const { subscription, now } = input;
  if (access === 'supervisor') return { access, endsAt: null, warning: null };
  if (!input.isPaid) {
    const endsAt = trialEndsAt(input.dateJoined);
    if (access !== 'trial') return { access, endsAt, warning: null };
    const daysLeft = daysUntil(endsAt, now);
    const warning =
      daysLeft <= WARNING_DAYS[0] ? { kind: 'trial_ending' as const, endsAt, daysLeft } : null;
    return { access, endsAt, warning };
  }
  const endsAt = subscription?.expiry ?? null;
  if (access !== 'subscribed' || !subscription) return { access, endsAt, warning: null };
  if (subscription.pastDue && subscription.renews) {
    return {
      access,
      endsAt,
      warning: { kind: 'renewal_failed', endsAt, daysLeft: endsAt ? daysUntil(endsAt, now) : null },
    };
  }
  if (subscription.renews || !endsAt) return { access, endsAt, warning: null };
  const daysLeft = daysUntil(endsAt, now);
  return {
    access,
    endsAt,
    warning: daysLeft <= WARNING_DAYS[0] ? { kind: 'subscription_ending', endsAt, daysLeft } : null,
  };
}

/** Whole days left until an instant, rounded up; 0 once it has passed. */
function daysUntil(end: Date, now: Date): number {
  const left = end.getTime() - now.getTime();
  return left <= 0 ? 0 : Math.ceil(left / MS_PER_DAY);
}
