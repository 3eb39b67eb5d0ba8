/**
 * Who may use the student area (SPEC §4, §9): the server's answers and the client's dialogs both
 * come from here. One reading (issue 27): the server computes `billingStandingOf` once per request
 * and both the paywall and GET /api/v1/user-subscription/ give it; the client gates on
 * `standing.access` through `expiredAccessOf`, the paywall's own test.
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

/** A subscription row as the rules read it: `renews` is false once cancelled, and for lifetime. */
export type SubscriptionState = SubscriptionTerms & { renews: boolean; pastDue: boolean };

/** A person's user row and subscription row (null only if none; a Lifetime row is a row). */
export type BillingAccount = {
  isSupervisor: boolean;
  isPaid: boolean;
  dateJoined: Date;
  subscription: SubscriptionState | null;
};

/** 7 × 24 h after joining: "Joined more than 7 days ago" (SPEC §4) is later, so day 7 is trial. */
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

/** SPEC §4 "Subscription expired": paid, not lifetime, expiry + 2 minutes past. Not supervisors. */
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

/** How a standing's access has run out (the paywall's and the dialog's test); null if it may write. */
export function expiredAccessOf(access: string): ExpiredAccess | null {
  return access === 'trial_expired' || access === 'subscription_expired' ? access : null;
}

/**
 * The paywall's refusal of an unpaid trainee's write, or null; enforced on every non-exempt write
 * route (plugins/paywall.ts). Reads are never refused: records are kept 7 years (BACB-RULES.md).
 */
export function paywallMessage(access: BillingAccess): string | null {
  const expired = expiredAccessOf(access);
  return expired ? PAYWALL_MESSAGES[expired] : null;
}

/**
 * Whether the 7-day trial can still attach to a new Monthly or Yearly plan: never used, and not
 * expired by time. It ends with that window: 7 days from joining however late it is started.
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

/** Days left, rounded up ("days remaining"): 'lifetime' for ∞, null for none ('--'). */
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
 * The warning mail due with `daysLeft` (rounded up): the smallest WARNING_DAYS ≥ it, so 7 from 7
 * down to 2 days left (a job that missed the day still warns once) and 1 on the last day.
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
 * Where a trainee stands and what to warn about. A renewing plan is not "ending"; a trial or a
 * cancelled plan is, within WARNING_DAYS[0] days. A failed renewal matters only while the plan
 * would renew: a new card would not renew a cancelled one.
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

function daysUntil(end: Date, now: Date): number {
  const left = end.getTime() - now.getTime();
  return left <= 0 ? 0 : Math.ceil(left / MS_PER_DAY);
}
