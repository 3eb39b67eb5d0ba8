import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { BILLING_EVENT_KINDS } from '../../shared/billing/subscription.schema';
import { LOG_HISTORY_ACTIONS, LOG_STATUSES } from '../../shared/logs/log-entry.schema';
import { LINK_STATUSES } from '../../shared/supervisors/trainee-supervisor.schema';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** People: trainees and supervisors. Emails are stored lower-cased. */
export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    name: text().notNull(),
    /** argon2id; null for an account made by an OpenID Connect sign-in that never set one. */
    passwordHash: text(),
    isSupervisor: boolean().notNull().default(false),
    isVerified: boolean().notNull().default(false),
    isPaid: boolean().notNull().default(false),
    profilePic: text(),
    /** The trainee's chosen BACB rule set ('2022' | '2027'); null means the default by date. */
    ruleSet: text(),
    /**
     * Where the person lives, an IANA zone ('America/New_York'): their today, deadlines and days
     * left are counted in it. Null (an account from before, until its browser reports one) counts
     * in UTC.
     */
    timeZone: text(),
    /** A trainee's BACB ID and where their fieldwork happens: written on the official forms. */
    bacbId: text().notNull().default(''),
    fieldworkState: text().notNull().default(''),
    fieldworkCountry: text().notNull().default(''),
    dateJoined: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email)],
);

/** A supervisor's BACB credentials (SPEC §3). */
export const supervisorProfiles = pgTable('supervisor_profiles', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  bacbAccountNumber: text().notNull().default(''),
  bacbCertificationNumber: text().notNull().default(''),
  supervisorQualification: text().notNull().default(''),
  dateQualified: date({ mode: 'string' }),
  dateContract: date({ mode: 'string' }),
});

/**
 * Sign-in sessions, one per token, stored as SHA-256 hashes; revoked on logout, from the list of
 * sessions, and on a password change (the others) or reset (all).
 */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    createdAt: createdAt(),
    /** Moved forward at most once a minute (decision 018), so a request rarely writes. */
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The browser and the client address that signed in (shown in the list of sessions). */
    userAgent: text().notNull().default(''),
    ipAddress: text().notNull().default(''),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('auth_tokens_hash_unique').on(t.tokenHash),
    index('auth_tokens_user').on(t.userId),
  ],
);

/** Six-digit email codes (verification and password reset): single use, hashed, limited tries. */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text({ enum: ['verify', 'reset'] }).notNull(),
    codeHash: text().notNull(),
    failedAttempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    consumedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_codes_user_purpose').on(t.userId, t.purpose)],
);

/** Fixed-window counters for rate limits, shared by every app instance. */
export const rateLimitBuckets = pgTable('rate_limit_buckets', {
  key: text().primaryKey(),
  windowStart: timestamp({ withTimezone: true }).notNull(),
  hits: integer().notNull(),
});

/**
 * Failed sign-ins counted per (email, address) pair and per address (decision 018): past a
 * threshold each further failure locks that key for twice as long, up to 15 minutes.
 */
export const loginThrottles = pgTable('login_throttles', {
  key: text().primaryKey(),
  failures: integer().notNull(),
  lastFailureAt: timestamp({ withTimezone: true }).notNull(),
  lockedUntil: timestamp({ withTimezone: true }),
});

/** Every email the product sends, whatever the transport; the outbox when no SMTP is set. */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: serial().primaryKey(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    textBody: text().notNull(),
    htmlBody: text(),
    /** Extra headers (List-Unsubscribe on digests), sent again on a retry. */
    headers: jsonb().$type<Record<string, string>>(),
    transport: text({ enum: ['outbox', 'smtp'] }).notNull(),
    createdAt: createdAt(),
    sentAt: timestamp({ withTimezone: true }),
    /** The last delivery's error; kept after a later attempt succeeds. */
    error: text(),
    /** Delivery attempts so far (SMTP). */
    attempts: integer().notNull().default(0),
    /** When the retry job may try again; null: sent, refused for good, or given up. */
    nextAttemptAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('outbox_emails_to').on(t.toAddress),
    index('outbox_emails_due')
      .on(t.nextAttemptAt)
      .where(sql`${t.nextAttemptAt} is not null`),
  ],
);

/** Reference data, seeded by migration (SPEC §7 lookups). */
export const experienceTypes = pgTable('experience_types', {
  id: integer().primaryKey(),
  name: text().notNull(),
});
export const settings = pgTable('settings', {
  id: integer().primaryKey(),
  name: text().notNull(),
});
export const supervisionMethods = pgTable('supervision_methods', {
  id: integer().primaryKey(),
  name: text().notNull(),
});
export const clientObservations = pgTable('client_observations', {
  id: integer().primaryKey(),
  name: text().notNull(),
});
export const supervisionContacts = pgTable('supervision_contacts', {
  id: integer().primaryKey(),
  contact: text().notNull(),
  countsAsContact: boolean().notNull(),
});
export const taskDomains = pgTable(
  'task_domains',
  {
    version: text({ enum: ['v5', 'v6'] }).notNull(),
    section: text().notNull(),
    title: text().notNull(),
    /** Exam questions in the domain (6th edition only). */
    questionCount: integer(),
  },
  (t) => [uniqueIndex('task_domains_version_section').on(t.version, t.section)],
);
export const tasks = pgTable(
  'tasks',
  {
    id: text().primaryKey(),
    version: text({ enum: ['v5', 'v6'] }).notNull(),
    section: text().notNull(),
    position: integer().notNull(),
    description: text().notNull(),
  },
  (t) => [index('tasks_version').on(t.version)],
);

/** Free-form audit details kept with security-relevant events. */
export type AuditDetails = Record<string, unknown>;
export const accountEvents = pgTable(
  'account_events',
  {
    id: serial().primaryKey(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    kind: text().notNull(),
    details: jsonb().$type<AuditDetails>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('account_events_user').on(t.userId, t.id)],
);

/** A supervisor as the trainee lists them; linked to an account when one has that email. */
export const traineeSupervisors = pgTable(
  'trainee_supervisors',
  {
    id: serial().primaryKey(),
    traineeId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    lastname: text().notNull().default(''),
    /** Lower-cased. */
    email: text().notNull(),
    supervisorUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    invitedAt: timestamp({ withTimezone: true }),
    /**
     * The organization the supervisor supervises the trainee at ('' for none: an individual
     * supervisor). Records of one trainee with the same organization share its Organization
     * forms (M-FVF and F-FVF: issue 26).
     */
    organization: text().notNull().default(''),
    /**
     * When the trainee ended this supervisor's access (issue 27): the record and every log,
     * sign-off and form naming it stay, but the account no longer sees the trainee through it.
     */
    accessEndedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('trainee_supervisors_trainee').on(t.traineeId),
    index('trainee_supervisors_email').on(t.email),
    index('trainee_supervisors_supervisor').on(t.supervisorUserId),
    uniqueIndex('trainee_supervisors_trainee_email').on(t.traineeId, t.email),
  ],
);

/**
 * A trainee's request that a supervisor account see them (issue 36): the account sees nothing
 * of the trainee (lists, logs, forms) until it accepts, and a record is linked to the account
 * (`trainee_supervisors.supervisor_user_id`) only then. One row per trainee and account, so a
 * decline stands when the trainee deletes the record and lists the email again.
 */
export const supervisorLinkRequests = pgTable(
  'supervisor_link_requests',
  {
    id: serial().primaryKey(),
    traineeId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    supervisorUserId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The record it asks through; null once that record is deleted or names another email. */
    traineeSupervisorId: integer().references(() => traineeSupervisors.id, {
      onDelete: 'set null',
    }),
    status: text({ enum: LINK_STATUSES }).notNull(),
    requestedAt: timestamp({ withTimezone: true }).notNull(),
    answeredAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('supervisor_link_requests_pair').on(t.traineeId, t.supervisorUserId),
    uniqueIndex('supervisor_link_requests_record').on(t.traineeSupervisorId),
    index('supervisor_link_requests_supervisor').on(t.supervisorUserId, t.status),
  ],
);

/** Flag details per field key (SPEC §3 `data`). */
export type FlagData = Record<string, { flagged: boolean; comment?: string }>;

/**
 * One experience entry. Hours are stored as whole minutes, actual (never ×1.33); times as
 * minutes after midnight. Deleted entries stay (deleted_at) for recovery and audits.
 */
export const experienceLogs = pgTable(
  'experience_logs',
  {
    id: serial().primaryKey(),
    traineeId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    traineeSupervisorId: integer()
      .notNull()
      .references(() => traineeSupervisors.id),
    experienceTypeId: integer().notNull(),
    settingId: integer().notNull(),
    dateOfExperience: date({ mode: 'string' }).notNull(),
    startMinute: integer().notNull(),
    endMinute: integer().notNull(),
    experienceMinutes: integer().notNull(),
    unrestrictedMinutes: integer().notNull(),
    restrictedMinutes: integer().notNull(),
    individualOrGroup: text({ enum: ['Individual', 'Group', 'No supervision'] }).notNull(),
    methodOfSupervision: text({ enum: ['In Person', 'Virtual'] }),
    supervisionStartMinute: integer(),
    supervisionEndMinute: integer(),
    supervisedMinutes: integer().notNull(),
    independentMinutes: integer().notNull(),
    clientObservation: text({ enum: ['Yes', 'No'] }),
    /** The observation's own duration (2027 standards); null when there was no observation. */
    observationMinutes: integer(),
    supervisionContactId: integer(),
    experienceNote: text().notNull(),
    status: text({ enum: LOG_STATUSES }).notNull().default('pending'),
    flagData: jsonb().$type<FlagData>().notNull().default({}),
    statusChangedAt: timestamp({ withTimezone: true }),
    statusChangedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp({ withTimezone: true }),
    /**
     * The client's Idempotency-Key of the POST that created the log (decision 023), and a digest of
     * that request's body: a retry with the key answers with this log, never a second one.
     */
    idempotencyKey: uuid(),
    idempotencyDigest: text(),
  },
  (t) => [
    index('experience_logs_trainee_date').on(t.traineeId, t.dateOfExperience),
    // One log per trainee and key; the key of another trainee never matches (nulls are distinct).
    uniqueIndex('experience_logs_trainee_idempotency_key').on(t.traineeId, t.idempotencyKey),
    index('experience_logs_supervisor_date').on(t.traineeSupervisorId, t.dateOfExperience),
    index('experience_logs_status').on(t.status),
    // A supervisor's lists by status (pending, flagged), newest first, without reading the rest.
    index('experience_logs_supervisor_status_date')
      .on(t.traineeSupervisorId, t.status, t.dateOfExperience)
      .where(sql`${t.deletedAt} is null`),
    // An observation happens during the supervision: never longer than its window.
    check(
      'experience_logs_observation_within_supervision',
      sql`${t.observationMinutes} is null or (${t.observationMinutes} > 0 and ${t.observationMinutes} <= ${t.supervisedMinutes})`,
    ),
  ],
);

/**
 * A trainee's live logs summed per month and fieldwork type, kept by triggers on experience_logs
 * (migration 0011): the totals, checks and dashboards read a row a month, not every log, so
 * their cost does not grow with the history. Not a foreign key on the trainee: when an account
 * is deleted its logs go, and the triggers take their sums away with them.
 */
export const logMonthTotals = pgTable(
  'log_month_totals',
  {
    traineeId: integer().notNull(),
    /** 'YYYY-MM' */
    month: text().notNull(),
    experienceTypeId: integer().notNull(),
    logs: integer().notNull(),
    experienceMinutes: integer().notNull(),
    independentMinutes: integer().notNull(),
    supervisedMinutes: integer().notNull(),
    individualMinutes: integer().notNull(),
    groupMinutes: integer().notNull(),
    unrestrictedMinutes: integer().notNull(),
    restrictedMinutes: integer().notNull(),
    /** Supervised logs whose contact kind counts as a contact (a phone call does not). */
    contacts: integer().notNull(),
    observations: integer().notNull(),
    observationMinutes: integer().notNull(),
    approvedMinutes: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.traineeId, t.month, t.experienceTypeId] })],
);

/**
 * A trainee's progress revision: a new random value, written by triggers in the transaction of
 * every change to their log_month_totals rows or to their month_forms (migration 0017), so equal
 * revisions mean equal rows. The dashboards keep what they computed under it
 * (progress.service.ts) and read this one row to know whether it still holds. No row: nothing
 * kept. Not a foreign key on the trainee, like log_month_totals.
 */
export const progressRevisions = pgTable('progress_revisions', {
  traineeId: integer().primaryKey(),
  revision: uuid().notNull(),
});

/** The task ids a log documents, in the order chosen. Not a foreign key: legacy ids must load. */
export const logTasks = pgTable(
  'log_tasks',
  {
    logId: integer()
      .notNull()
      .references(() => experienceLogs.id, { onDelete: 'cascade' }),
    taskId: text().notNull(),
    position: integer().notNull(),
  },
  (t) => [
    uniqueIndex('log_tasks_log_task').on(t.logId, t.taskId),
    index('log_tasks_task').on(t.taskId),
  ],
);

/** Old and new value of each changed field. */
export type FieldChanges = Record<string, { old: unknown; new: unknown }>;

/** Every create, edit, delete, restore and status change of a log: who, when, what. */
export const logHistory = pgTable(
  'log_history',
  {
    id: serial().primaryKey(),
    logId: integer()
      .notNull()
      .references(() => experienceLogs.id, { onDelete: 'cascade' }),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    action: text({ enum: LOG_HISTORY_ACTIONS }).notNull(),
    changes: jsonb().$type<FieldChanges>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('log_history_log').on(t.logId)],
);

/**
 * The columns a trainee mapped the last time they imported a spreadsheet of their own layout
 * (features/import): offered again at their next import. One row per trainee.
 */
export const importMappings = pgTable('import_mappings', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Each import target ('date', 'start', …) and the header of the column it reads. */
  columns: jsonb().$type<Record<string, string>>().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Trainees a supervisor removed from their lists (reversible; the trainee's data is untouched). */
export const removedTrainees = pgTable(
  'removed_trainees',
  {
    supervisorUserId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    traineeId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    removedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('removed_trainees_pair').on(t.supervisorUserId, t.traineeId)],
);

/**
 * A supervisor's sign-off of a trainee's month: every log of theirs in it approved, and locked.
 * Reopening keeps the row (reopened_at) so the record of the sign-off survives.
 */
export const monthSignoffs = pgTable(
  'month_signoffs',
  {
    id: serial().primaryKey(),
    traineeId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    supervisorUserId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'YYYY-MM' */
    month: text().notNull(),
    signedAt: timestamp({ withTimezone: true }).notNull(),
    reopenedAt: timestamp({ withTimezone: true }),
    reopenedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('month_signoffs_trainee_month').on(t.traineeId, t.month),
    index('month_signoffs_supervisor').on(t.supervisorUserId),
  ],
);

/** The supervisor's daily digest: when it last went out, and whether they opted out. */
export const digestSubscriptions = pgTable('digest_subscriptions', {
  supervisorUserId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastSentAt: timestamp({ withTimezone: true }),
  unsubscribedAt: timestamp({ withTimezone: true }),
  /** SHA-256 of the random token in the digest's unsubscribe link. */
  unsubscribeTokenHash: text().notNull(),
});

/**
 * The plans the contract's client knows by id (3 Trial, hidden; 12 Monthly; 13 Yearly;
 * 14 Lifetime), seeded by the migration. Prices are configuration (docs/decisions/010).
 */
export const subscriptionPlans = pgTable('subscription_plans', {
  id: integer().primaryKey(),
  name: text().notNull(),
  period: text({ enum: ['month', 'year', 'life_time'] }).notNull(),
  isHidden: boolean().notNull().default(false),
});

/** Discount codes, created by `npm run coupon`. Codes are upper-case; valid_until is exclusive. */
export const coupons = pgTable(
  'coupons',
  {
    id: serial().primaryKey(),
    code: text().notNull(),
    percentOff: integer(),
    amountOffCents: integer(),
    validFrom: timestamp({ withTimezone: true }),
    validUntil: timestamp({ withTimezone: true }),
    maxUses: integer(),
    uses: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coupons_code').on(t.code),
    check('coupons_one_discount', sql`(${t.percentOff} is null) <> (${t.amountOffCents} is null)`),
    check('coupons_percent_range', sql`${t.percentOff} between 1 and 100`),
    check('coupons_amount_positive', sql`${t.amountOffCents} > 0`),
    check('coupons_uses_within_limit', sql`${t.maxUses} is null or ${t.uses} <= ${t.maxUses}`),
  ],
);

/**
 * A trainee's one current subscription (unique per trainee: two concurrent charges cannot make
 * two). Never deleted: a cancelled or lapsed one stays, and subscribing again updates it.
 * Every write after a provider call is conditional on `version`.
 */
export const userSubscriptions = pgTable(
  'user_subscriptions',
  {
    id: serial().primaryKey(),
    traineeId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer()
      .notNull()
      .references(() => subscriptionPlans.id),
    /** A cancelled subscription keeps its status and gets `canceled_at`: access runs to expiry. */
    status: text({ enum: ['trialing', 'active', 'past_due'] }).notNull(),
    isLifetime: boolean().notNull().default(false),
    /** Start of the paid (or trial) period. */
    periodStart: timestamp({ withTimezone: true }).notNull(),
    /** End of the paid (or trial) period; null for lifetime. */
    expiry: timestamp({ withTimezone: true }),
    /** What was paid for the current period (the base of a plan change's credit). */
    paidAmountCents: integer().notNull().default(0),
    /** What each renewal charges: the plan's price when it was chosen. */
    renewalAmountCents: integer().notNull().default(0),
    /** Unused time carried over by a plan change, taken off the next charges. */
    creditCents: integer().notNull().default(0),
    /** A coupon given with a trial, waiting for the first charge. */
    pendingCouponId: integer().references(() => coupons.id),
    provider: text({ enum: ['sandbox', 'stripe'] }).notNull(),
    providerCustomerId: text().notNull(),
    /** The provider's subscription id; null for lifetime (a one-off charge). */
    externalId: text(),
    trialUsedAt: timestamp({ withTimezone: true }),
    canceledAt: timestamp({ withTimezone: true }),
    failedAttempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }),
    /** Set by the renewal job that is charging it, so another instance leaves it alone. */
    renewalClaimedAt: timestamp({ withTimezone: true }),
    version: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_subscriptions_trainee').on(t.traineeId),
    index('user_subscriptions_due').on(t.status, t.expiry),
    check(
      'user_subscriptions_amounts',
      sql`${t.paidAmountCents} >= 0 and ${t.renewalAmountCents} >= 0 and ${t.creditCents} >= 0`,
    ),
    check('user_subscriptions_lifetime_no_expiry', sql`${t.isLifetime} = (${t.expiry} is null)`),
  ],
);

/** The trainee's card on file: what the provider tells us about it, never its number. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: serial().primaryKey(),
    traineeId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text({ enum: ['sandbox', 'stripe'] }).notNull(),
    providerPaymentMethodId: text().notNull(),
    brand: text().notNull(),
    last4: text().notNull(),
    expMonth: integer().notNull(),
    expYear: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_methods_trainee').on(t.traineeId),
    check('payment_methods_last4', sql`${t.last4} ~ '^[0-9]{4}$'`),
    check('payment_methods_exp_month', sql`${t.expMonth} between 1 and 12`),
  ],
);

/**
 * The billing history: charges, trials, renewals, failures, plan changes, cancellations, card
 * changes and refunds. The idempotency key is unique, so a retried job records an event once.
 */
export const billingEvents = pgTable(
  'billing_events',
  {
    id: serial().primaryKey(),
    traineeId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: integer().references(() => userSubscriptions.id, { onDelete: 'set null' }),
    kind: text({ enum: BILLING_EVENT_KINDS }).notNull(),
    planId: integer().references(() => subscriptionPlans.id),
    amountCents: integer().notNull().default(0),
    couponCode: text(),
    cardLast4: text(),
    /** The provider's charge or refund id. */
    providerRef: text(),
    /** The provider's message for a failure. */
    message: text(),
    idempotencyKey: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('billing_events_idempotency').on(t.idempotencyKey),
    index('billing_events_trainee').on(t.traineeId, t.createdAt),
  ],
);

/**
 * Stripe webhook events already applied: the primary key makes a replayed or retried delivery
 * a no-op. Written in the same transaction as the event's effect.
 */
export const stripeEvents = pgTable('stripe_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  processedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The access warnings mailed to trainees (7 days and 1 day before a trial or a non-renewing plan
 * ends). A mail is claimed here before it is sent: the unique key lets several instances, and a
 * rerun of the job, send each once. A new end (another plan) is a new warning.
 */
export const accessWarnings = pgTable(
  'access_warnings',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['trial_ending', 'subscription_ending'] }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    daysBefore: integer().notNull(),
    sentAt: createdAt(),
  },
  (t) => [uniqueIndex('access_warnings_once').on(t.userId, t.kind, t.endsAt, t.daysBefore)],
);

/**
 * A verification form the trainee uploaded (SPEC §3 "Record file"): its object lives in storage
 * under `storage_key`, written before this row and removed if the row is not. Deleted forms stay,
 * with their objects (deleted_at), restorable within the logs' recovery window and kept after it
 * as logs are (docs/decisions/005, 011).
 */
export const recordFiles = pgTable(
  'record_files',
  {
    id: serial().primaryKey(),
    traineeId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The supervisor record the form is signed with; null once the trainee removes it. */
    traineeSupervisorId: integer().references(() => traineeSupervisors.id, {
      onDelete: 'set null',
    }),
    formType: text({ enum: ['Monthly', 'Final'] }).notNull(),
    /** The supervision month's date for a monthly form; null for a final form. */
    formDate: date({ mode: 'string' }),
    title: text().notNull(),
    /** A final form's description (SPEC §5: required in that variant). */
    description: text(),
    notes: text().notNull().default(''),
    /** The name the file had on the trainee's device; only shown and used to name downloads. */
    fileName: text().notNull(),
    storageKey: text().notNull(),
    /** Detected from the content (magic bytes), never from the name or the declared type. */
    contentType: text().notNull(),
    sizeBytes: integer().notNull(),
    /** The upload's three confirmations (SPEC §2 upload modal), each required to be true. */
    confirmedDownloaded: boolean().notNull(),
    confirmedSigned: boolean().notNull(),
    confirmedFilled: boolean().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('record_files_trainee').on(t.traineeId, t.formType),
    uniqueIndex('record_files_storage_key').on(t.storageKey),
  ],
);

/**
 * Blank official forms (M-FVF) a user uploaded, one per variant (the first wins; an operator's
 * file in FORMS_DIR wins over it). The BACB's PDFs are never shipped: decision 012.
 */
export const fvfTemplates = pgTable(
  'fvf_templates',
  {
    id: serial().primaryKey(),
    /** A variant of src/server/features/forms/fvf/fvf-fields.ts, e.g. 'mfvf-2022-individual'. */
    variantId: text().notNull(),
    storageKey: text().notNull(),
    sizeBytes: integer().notNull(),
    /** Its SHA-256 (hex): each form says which blank it was filled from. */
    sha256: text().notNull().default(''),
    /** Whose it is: an upload serves its uploader's forms only (issue 26). */
    uploadedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /**
     * The object is the upload check's cleaned copy (issue 36); false for a row installed before,
     * which kept the uploaded bytes and is cleaned the first time it is filled from.
     */
    isCleaned: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('fvf_templates_owner_variant').on(t.uploadedBy, t.variantId),
    uniqueIndex('fvf_templates_storage_key').on(t.storageKey),
  ],
);

/**
 * The official forms filled from the logs and signed in the app (decisions 012, 013): the M-FVF of
 * one month, supervisor record and fieldwork type (kind 'monthly'), and the F-FVF of one
 * supervisor record and type over a supervision period (kind 'final': `from_month` to `month`).
 * `storage_key` is the PDF as it stands (filled, then signed); the figures are the minutes it was
 * filled with, so a change to the logs is noticed before anyone signs. A form both parties signed
 * never changes; reopening a month voids it (voided_at), keeping the row and its PDF as history.
 * One live M-FVF per month, supervisor and type; one live F-FVF per supervisor and type.
 */
export const monthForms = pgTable(
  'month_forms',
  {
    id: serial().primaryKey(),
    traineeId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    traineeSupervisorId: integer()
      .notNull()
      .references(() => traineeSupervisors.id),
    kind: text({ enum: ['monthly', 'final'] })
      .notNull()
      .default('monthly'),
    /** 'YYYY-MM': the M-FVF's month, or the last month of the F-FVF's period. */
    month: text().notNull(),
    /** The first month of the F-FVF's period; null on an M-FVF. */
    fromMonth: text(),
    /** The months of the F-FVF's period whose hours count (decision 013); null on an M-FVF. */
    monthsCounted: integer(),
    experienceTypeId: integer().notNull(),
    variantId: text().notNull(),
    /** The blank it was filled from: the operator's folder or the trainee's own upload. */
    templateSource: text({ enum: ['folder', 'upload'] })
      .notNull()
      .default('folder'),
    /** That blank's SHA-256 (hex), '' on forms filled before it was kept. */
    templateSha256: text().notNull().default(''),
    /** The organization an Organization form covers ('' for a supervisor's own form). */
    organization: text().notNull().default(''),
    storageKey: text().notNull(),
    independentMinutes: integer().notNull(),
    supervisedMinutes: integer().notNull(),
    totalMinutes: integer().notNull(),
    observationMinutes: integer().notNull(),
    traineeSignedAt: timestamp({ withTimezone: true }),
    traineeSignedName: text(),
    /** The signing date as the signer saw it (their time zone). */
    traineeSignedOn: date({ mode: 'string' }),
    supervisorSignedAt: timestamp({ withTimezone: true }),
    supervisorSignedName: text(),
    supervisorSignedOn: date({ mode: 'string' }),
    supervisorSignedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The later signature's date: what the deadline (isSignedLate) is judged on. */
    completedOn: date({ mode: 'string' }),
    /** The M-FVF record file the completed form was stored as. */
    recordFileId: integer().references(() => recordFiles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    voidedAt: timestamp({ withTimezone: true }),
    voidedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('month_forms_trainee_month').on(t.traineeId, t.month),
    index('month_forms_supervisor_month').on(t.traineeSupervisorId, t.month),
    uniqueIndex('month_forms_live')
      .on(t.traineeSupervisorId, t.month, t.experienceTypeId)
      .where(sql`${t.voidedAt} is null and ${t.kind} = 'monthly'`),
    uniqueIndex('month_forms_final_live')
      .on(t.traineeSupervisorId, t.experienceTypeId)
      .where(sql`${t.voidedAt} is null and ${t.kind} = 'final'`),
    uniqueIndex('month_forms_storage_key').on(t.storageKey),
    check(
      'month_forms_minutes',
      sql`${t.independentMinutes} >= 0 and ${t.supervisedMinutes} >= 0 and ${t.totalMinutes} = ${t.independentMinutes} + ${t.supervisedMinutes} and ${t.observationMinutes} >= 0`,
    ),
    check(
      'month_forms_period',
      sql`(${t.kind} = 'monthly' and ${t.fromMonth} is null and ${t.monthsCounted} is null) or (${t.kind} = 'final' and ${t.fromMonth} <= ${t.month} and ${t.monthsCounted} >= 0)`,
    ),
  ],
);

/**
 * A monthly form (M-FVF) signed on paper, recorded by the trainee with its signing date and the
 * scan (issue 26 part 7, decision 024): it makes that month, supervisor record (or its
 * organization) and fieldwork type "signed on <date>" for counting, as a form signed in the app
 * is (late when the date is past the deadline). The scan is a record file (the files feature's
 * upload, checks and quota). Removing one entered wrongly keeps the row (deleted_at, deleted_by)
 * as history. One live paper form per month, record and type.
 */
export const paperForms = pgTable(
  'paper_forms',
  {
    id: serial().primaryKey(),
    traineeId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    traineeSupervisorId: integer()
      .notNull()
      .references(() => traineeSupervisors.id),
    /** 'YYYY-MM': the supervision month the form verifies. */
    month: text().notNull(),
    experienceTypeId: integer().notNull(),
    /** The date both parties signed it, as written on the form. */
    signedOn: date({ mode: 'string' }).notNull(),
    /** The scan, kept as a record file; null only once that file's account is gone. */
    recordFileId: integer().references(() => recordFiles.id, { onDelete: 'set null' }),
    /**
     * Who recorded it and so declared its signing date: the trainee (issue 36). It counts as
     * signed on that date, shown as declared, until the supervisor it names answers.
     */
    declaredBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The supervisor it names confirmed they signed it on that date. */
    confirmedAt: timestamp({ withTimezone: true }),
    confirmedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The supervisor it names said they did not sign it so: it no longer counts. */
    rejectedAt: timestamp({ withTimezone: true }),
    rejectedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    rejectionReason: text(),
    createdAt: createdAt(),
    /** Removed by the trainee (entered wrongly); it stays as history. */
    deletedAt: timestamp({ withTimezone: true }),
    deletedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /**
     * Voided when its month was reopened, as the app's forms are (decision 013): the logs it
     * verified may change. It stays as history, its scan among the record files.
     */
    voidedAt: timestamp({ withTimezone: true }),
    voidedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('paper_forms_trainee_month').on(t.traineeId, t.month),
    uniqueIndex('paper_forms_live')
      .on(t.traineeSupervisorId, t.month, t.experienceTypeId)
      .where(sql`${t.deletedAt} is null and ${t.voidedAt} is null`),
    check('paper_forms_one_answer', sql`${t.confirmedAt} is null or ${t.rejectedAt} is null`),
  ],
);

/**
 * The deadline reminders sent for a month's forms (10 and 3 days before the deadline), one row
 * per supervisor record, month, recipient and day, claimed before the mail is sent: the unique
 * key lets several instances, and reruns of the job, send each mail once.
 */
export const formReminders = pgTable(
  'form_reminders',
  {
    id: serial().primaryKey(),
    traineeSupervisorId: integer()
      .notNull()
      .references(() => traineeSupervisors.id, { onDelete: 'cascade' }),
    /** 'YYYY-MM': the supervision month whose form is due. */
    month: text().notNull(),
    recipient: text({ enum: ['trainee', 'supervisor'] }).notNull(),
    daysBefore: integer().notNull(),
    sentAt: createdAt(),
  },
  (t) => [
    uniqueIndex('form_reminders_once').on(
      t.traineeSupervisorId,
      t.month,
      t.recipient,
      t.daysBefore,
    ),
  ],
);

/**
 * A supervision contact agenda ("monthly document", SPEC §3), written by a linked supervisor for
 * a trainee. One per trainee, supervisor and date: writing that date again replaces it. The
 * document is stored as the contract's JSON, checked by MonthlyDocumentSchema; its accrued
 * figures are not stored (they are computed from the logs when read).
 */
export const monthlyDocuments = pgTable(
  'monthly_documents',
  {
    id: serial().primaryKey(),
    traineeId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who wrote it; null once that account is deleted (the trainee keeps the agenda). */
    supervisorUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The trainee's record of the supervisor, whose name the agenda shows. */
    traineeSupervisorId: integer().references(() => traineeSupervisors.id, {
      onDelete: 'set null',
    }),
    date: date({ mode: 'string' }).notNull(),
    document: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('monthly_documents_trainee_date').on(t.traineeId, t.date),
    uniqueIndex('monthly_documents_one_a_day').on(t.traineeId, t.supervisorUserId, t.date),
  ],
);

/**
 * The runs of scheduled jobs that must run once per period whichever instance gets there first
 * (the storage sweep): a run is claimed here before it starts, and the primary key lets one
 * instance claim each period.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text().notNull(),
    /** The start of the period the run is for. */
    period: timestamp({ withTimezone: true }).notNull(),
    startedAt: createdAt(),
    /**
     * Until when the instance that claimed the run has it; an unfinished run past its lease (the
     * instance died) may be claimed again. Null: a claim from before leases, never taken again.
     */
    leaseUntil: timestamp({ withTimezone: true }),
    /** When the run ended; a finished run is never claimed again. */
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.job, t.period] })],
);

/**
 * A trainee's plan to a finish date (issue 14): the date they mean to finish by and the fieldwork
 * types they can do from now on. The plan itself is computed from the logs when read.
 */
export const fieldworkPlans = pgTable(
  'fieldwork_plans',
  {
    traineeId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetDate: date({ mode: 'string' }).notNull(),
    /** Experience type ids: 1 supervised, 2 concentrated (one or both). */
    fieldworkTypes: integer().array().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'fieldwork_plans_types',
      sql`cardinality(${t.fieldworkTypes}) between 1 and 2 and ${t.fieldworkTypes} <@ array[1, 2]`,
    ),
  ],
);

/**
 * The accounts of an OpenID Connect issuer (Google by default) linked to our users: one per
 * (issuer, subject), found by the subject and never by the email, one per user and issuer.
 */
export const oidcIdentities = pgTable(
  'oidc_identities',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text().notNull(),
    subject: text().notNull(),
    /** The email the issuer gave when the link was made (shown on the profile). */
    email: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('oidc_identities_subject').on(t.issuer, t.subject),
    uniqueIndex('oidc_identities_user_issuer').on(t.userId, t.issuer),
  ],
);

/**
 * The OpenID Connect sign-ins under way: kept here (not in an instance's memory) so that any
 * instance can finish the one another started. Found by the SHA-256 of their `state`, good for
 * a few minutes and once. `kind` 'flow' holds the PKCE verifier and the nonce until the issuer
 * answers; 'link' holds a verified issuer account waiting for the password of the account that
 * has its email (no takeover by an issuer asserting someone else's email); 'verify' holds an
 * issuer account whose email the issuer did not verify, waiting for the code mailed to it
 * (issue 27: the link is made only by the browser of the flow, with the code).
 */
export const oidcPending = pgTable(
  'oidc_pending',
  {
    id: serial().primaryKey(),
    kind: text({ enum: ['flow', 'link', 'verify'] }).notNull(),
    secretHash: text().notNull(),
    /** The role of the page the sign-in started from. */
    isSupervisor: boolean().notNull(),
    codeVerifier: text().notNull().default(''),
    nonce: text().notNull().default(''),
    /** A 'link': the account to link and the issuer account proven. */
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    issuer: text().notNull().default(''),
    subject: text().notNull().default(''),
    email: text().notNull().default(''),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    consumedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('oidc_pending_secret').on(t.secretHash),
    index('oidc_pending_expires').on(t.expiresAt),
  ],
);

/**
 * A supervisor's one-click reminder mail to an at-risk trainee (issue 14): one row a supervisor,
 * trainee and day, inserted before the mail is sent, so a second click that day is refused and
 * every reminder sent stays on record.
 */
export const atRiskReminders = pgTable(
  'at_risk_reminders',
  {
    id: serial().primaryKey(),
    supervisorUserId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    traineeId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'YYYY-MM-DD' (server day, UTC): the day the reminder counts against. */
    day: date({ mode: 'string' }).notNull(),
    sentAt: createdAt(),
  },
  (t) => [uniqueIndex('at_risk_reminders_once_a_day').on(t.supervisorUserId, t.traineeId, t.day)],
);

/**
 * A person's private calendar feed (issue 14): the SHA-256 of the random token in its URL (the
 * token itself is shown once and never stored), and the time zone the logs' local times are
 * read in. Revoking deletes the row; renewing replaces the hash.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    /** An IANA zone ('Europe/Paris'), from the browser that made the feed. */
    timeZone: text().notNull().default('UTC'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_hash').on(t.tokenHash)],
);

/**
 * The one mail a trainee gets before the 2027 switch when it changes what their record counts
 * (issue 35): claimed by the trainee's row before the mail is sent, so several instances and
 * reruns send it once. Keeps what the mail said (the cost, the totals and the months).
 */
export const standardsSwitchNotices = pgTable('standards_switch_notices', {
  traineeId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  costMinutes: integer().notNull(),
  counted2022Minutes: integer().notNull(),
  counted2027Minutes: integer().notNull(),
  /** 'YYYY-MM' of each month the two sets count differently. */
  months: text().array().notNull(),
  sentAt: createdAt(),
});
