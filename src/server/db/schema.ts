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
import { CONTRACT_EVENT_ACTIONS } from '../../shared/contracts/contract.schema';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** People: trainees and supervisors. Emails are stored lower-cased. */
export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    name: text().notNull(),
    /** argon2id; null for an OpenID Connect account that never set one. */
    passwordHash: text(),
    isSupervisor: boolean().notNull().default(false),
    isVerified: boolean().notNull().default(false),
    isPaid: boolean().notNull().default(false),
    profilePic: text(),
    /** '2022' | '2027'; null means the default by date. */
    ruleSet: text(),
    /** IANA zone their today and deadlines are counted in; null counts in UTC. */
    timeZone: text(),
    /** Written on the official forms. */
    bacbId: text().notNull().default(''),
    fieldworkState: text().notNull().default(''),
    fieldworkCountry: text().notNull().default(''),
    /** Issue 39 part 4: eligibility pathway 1–4; null until recorded. */
    pathway: integer(),
    /** The first class meeting of the first behavior-analytic course (pathways 1 and 2). */
    firstClassOn: date({ mode: 'string' }),
    /** Issue 39: the trainee asked for the contract rule before recording any contract. */
    contractRuleOn: boolean().notNull().default(false),
    /** When the trainee answered the one-time ask to record or sign their contracts. */
    contractAskAnsweredAt: timestamp({ withTimezone: true }),
    dateJoined: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email)],
);

export const supervisorProfiles = pgTable('supervisor_profiles', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  bacbAccountNumber: text().notNull().default(''),
  bacbCertificationNumber: text().notNull().default(''),
  supervisorQualification: text().notNull().default(''),
  dateQualified: date({ mode: 'string' }),
  dateContract: date({ mode: 'string' }),
  /** Issue 39 part 3 (BCBA Handbook, "Supervisor Qualifications"). */
  certifiedOn: date({ mode: 'string' }),
  trainingCompletedOn: date({ mode: 'string' }),
  /** The 8-hour supervision training certificate (files storage). */
  trainingCertificateKey: text(),
  trainingCertificateName: text(),
  trainingCertificateType: text(),
  consultingSupervisorName: text().notNull().default(''),
  consultingSupervisorBacbId: text().notNull().default(''),
});

/** One per token, stored as SHA-256 hashes. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    createdAt: createdAt(),
    /** Moved forward at most once a minute (decision 018). */
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
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

/** Single use, hashed, limited tries. */
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

export const rateLimitBuckets = pgTable('rate_limit_buckets', {
  key: text().primaryKey(),
  windowStart: timestamp({ withTimezone: true }).notNull(),
  hits: integer().notNull(),
});

/** Per (email, address) and per address; each further failure doubles the lock (decision 018). */
export const loginThrottles = pgTable('login_throttles', {
  key: text().primaryKey(),
  failures: integer().notNull(),
  lastFailureAt: timestamp({ withTimezone: true }).notNull(),
  lockedUntil: timestamp({ withTimezone: true }),
});

/** Every email sent, whatever the transport; the outbox when no SMTP is set (decision 003). */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: serial().primaryKey(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    textBody: text().notNull(),
    htmlBody: text(),
    headers: jsonb().$type<Record<string, string>>(),
    transport: text({ enum: ['outbox', 'smtp'] }).notNull(),
    createdAt: createdAt(),
    sentAt: timestamp({ withTimezone: true }),
    error: text(),
    attempts: integer().notNull().default(0),
    /** Null: sent, refused for good, or given up. */
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

export const traineeSupervisors = pgTable(
  'trainee_supervisors',
  {
    id: serial().primaryKey(),
    traineeId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    lastname: text().notNull().default(''),
    email: text().notNull(),
    supervisorUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    invitedAt: timestamp({ withTimezone: true }),
    /** '' for an individual supervisor; records sharing one share its forms (issue 26). */
    organization: text().notNull().default(''),
    /** Issue 27: everything naming the record stays; the account just stops seeing it. */
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

/** Issue 36. One row per pair, so a decline stands when the trainee lists the email again. */
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

export type FlagData = Record<string, { flagged: boolean; comment?: string }>;

/**
 * Hours as whole minutes, actual (never ×1.33, decision 001); times as minutes after midnight.
 * Deleted entries stay for recovery and audits (decision 005).
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
    /** 2027 standards; null when there was no observation. */
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
    /** Decision 023: a retry with the key answers with this log, never a second one. */
    idempotencyKey: uuid(),
    idempotencyDigest: text(),
  },
  (t) => [
    index('experience_logs_trainee_date').on(t.traineeId, t.dateOfExperience),
    uniqueIndex('experience_logs_trainee_idempotency_key').on(t.traineeId, t.idempotencyKey),
    index('experience_logs_supervisor_date').on(t.traineeSupervisorId, t.dateOfExperience),
    index('experience_logs_status').on(t.status),
    index('experience_logs_supervisor_status_date')
      .on(t.traineeSupervisorId, t.status, t.dateOfExperience)
      .where(sql`${t.deletedAt} is null`),
    check(
      'experience_logs_observation_within_supervision',
      sql`${t.observationMinutes} is null or (${t.observationMinutes} > 0 and ${t.observationMinutes} <= ${t.supervisedMinutes})`,
    ),
  ],
);

/**
 * Kept by triggers (migration 0011) so reads do not grow with the history. No foreign key: a
 * deleted account's logs go, and the triggers take their sums away.
 */
export const logMonthTotals = pgTable(
  'log_month_totals',
  {
    traineeId: integer().notNull(),
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
    contacts: integer().notNull(),
    observations: integer().notNull(),
    observationMinutes: integer().notNull(),
    approvedMinutes: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.traineeId, t.month, t.experienceTypeId] })],
);

/** Renewed by triggers (migration 0017): equal revisions mean equal rows (progress.service). */
export const progressRevisions = pgTable('progress_revisions', {
  traineeId: integer().primaryKey(),
  revision: uuid().notNull(),
});

/** Not a foreign key: legacy task ids must load. */
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

export type FieldChanges = Record<string, { old: unknown; new: unknown }>;

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

export const importMappings = pgTable('import_mappings', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  columns: jsonb().$type<Record<string, string>>().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

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

/** Reopening keeps the row, so the record of the sign-off survives. */
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
    month: text().notNull(),
    /**
     * The signer's record: the sign-off covers its structure (issue 38), the record's own logs or
     * its organization's. Null only for an older sign-off whose signer had no record of the trainee.
     */
    traineeSupervisorId: integer().references(() => traineeSupervisors.id),
    signedAt: timestamp({ withTimezone: true }).notNull(),
    reopenedAt: timestamp({ withTimezone: true }),
    reopenedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('month_signoffs_trainee_month').on(t.traineeId, t.month),
    index('month_signoffs_supervisor').on(t.supervisorUserId),
  ],
);

export const digestSubscriptions = pgTable('digest_subscriptions', {
  supervisorUserId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastSentAt: timestamp({ withTimezone: true }),
  unsubscribedAt: timestamp({ withTimezone: true }),
  unsubscribeTokenHash: text().notNull(),
});

/** Ids the client knows (3 Trial, 12 Monthly, 13 Yearly, 14 Lifetime); prices: decision 010. */
export const subscriptionPlans = pgTable('subscription_plans', {
  id: integer().primaryKey(),
  name: text().notNull(),
  period: text({ enum: ['month', 'year', 'life_time'] }).notNull(),
  isHidden: boolean().notNull().default(false),
});

/** Codes are upper-case; valid_until is exclusive. */
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

/** Unique per trainee, never deleted; every write after a provider call checks `version`. */
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
    /** A cancelled one keeps its status and gets `canceled_at`: access runs to expiry. */
    status: text({ enum: ['trialing', 'active', 'past_due'] }).notNull(),
    isLifetime: boolean().notNull().default(false),
    periodStart: timestamp({ withTimezone: true }).notNull(),
    expiry: timestamp({ withTimezone: true }),
    /** The base of a plan change's credit. */
    paidAmountCents: integer().notNull().default(0),
    /** The plan's price when it was chosen. */
    renewalAmountCents: integer().notNull().default(0),
    creditCents: integer().notNull().default(0),
    pendingCouponId: integer().references(() => coupons.id),
    provider: text({ enum: ['sandbox', 'stripe'] }).notNull(),
    providerCustomerId: text().notNull(),
    externalId: text(),
    trialUsedAt: timestamp({ withTimezone: true }),
    canceledAt: timestamp({ withTimezone: true }),
    failedAttempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }),
    /** So another instance's renewal job leaves it alone. */
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

/** Never the card's number. */
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

/** The unique idempotency key makes a retried job record an event once. */
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
    providerRef: text(),
    message: text(),
    idempotencyKey: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('billing_events_idempotency').on(t.idempotencyKey),
    index('billing_events_trainee').on(t.traineeId, t.createdAt),
  ],
);

/** Written with the event's effect: a replayed delivery is a no-op. */
export const stripeEvents = pgTable('stripe_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  processedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Claimed before sending: several instances and reruns send each warning once. */
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

/** SPEC §3 "Record file". Deleted forms stay with their objects (docs/decisions/005, 011). */
export const recordFiles = pgTable(
  'record_files',
  {
    id: serial().primaryKey(),
    traineeId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    traineeSupervisorId: integer().references(() => traineeSupervisors.id, {
      onDelete: 'set null',
    }),
    formType: text({ enum: ['Monthly', 'Final'] }).notNull(),
    formDate: date({ mode: 'string' }),
    title: text().notNull(),
    /** SPEC §5: required for a final form. */
    description: text(),
    notes: text().notNull().default(''),
    /** Only shown and used to name downloads. */
    fileName: text().notNull(),
    storageKey: text().notNull(),
    /** From the magic bytes, never from the name or the declared type. */
    contentType: text().notNull(),
    sizeBytes: integer().notNull(),
    /** SPEC §2 upload modal: each required to be true. */
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

/** The BACB's PDFs are never shipped: decision 012. FORMS_DIR wins over an upload. */
export const fvfTemplates = pgTable(
  'fvf_templates',
  {
    id: serial().primaryKey(),
    variantId: text().notNull(),
    storageKey: text().notNull(),
    sizeBytes: integer().notNull(),
    sha256: text().notNull().default(''),
    /** An upload serves its uploader's forms only (issue 26). */
    uploadedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Issue 36; an older row is cleaned the first time it is filled from. */
    isCleaned: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('fvf_templates_owner_variant').on(t.uploadedBy, t.variantId),
    uniqueIndex('fvf_templates_storage_key').on(t.storageKey),
  ],
);

/**
 * M-FVF and F-FVF filled in the app (decisions 012, 013). The stored minutes reveal a change to
 * the logs before anyone signs; reopening a month voids a form, keeping it as history.
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
    month: text().notNull(),
    fromMonth: text(),
    /** Decision 013. */
    monthsCounted: integer(),
    experienceTypeId: integer().notNull(),
    variantId: text().notNull(),
    templateSource: text({ enum: ['folder', 'upload'] })
      .notNull()
      .default('folder'),
    templateSha256: text().notNull().default(''),
    organization: text().notNull().default(''),
    storageKey: text().notNull(),
    independentMinutes: integer().notNull(),
    supervisedMinutes: integer().notNull(),
    totalMinutes: integer().notNull(),
    observationMinutes: integer().notNull(),
    traineeSignedAt: timestamp({ withTimezone: true }),
    traineeSignedName: text(),
    traineeSignedOn: date({ mode: 'string' }),
    supervisorSignedAt: timestamp({ withTimezone: true }),
    supervisorSignedName: text(),
    supervisorSignedOn: date({ mode: 'string' }),
    supervisorSignedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /** What the deadline (isSignedLate) is judged on. */
    completedOn: date({ mode: 'string' }),
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
    // One live F-FVF per supervision experience (issue 38): experiences end in different months.
    uniqueIndex('month_forms_final_live')
      .on(t.traineeSupervisorId, t.experienceTypeId, t.month)
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

/** An M-FVF signed on paper counts as one signed in the app (issue 26 part 7, decision 024). */
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
    month: text().notNull(),
    experienceTypeId: integer().notNull(),
    /** As written on the form. */
    signedOn: date({ mode: 'string' }).notNull(),
    recordFileId: integer().references(() => recordFiles.id, { onDelete: 'set null' }),
    /** Issue 36: shown as declared until the supervisor it names answers. */
    declaredBy: integer().references(() => users.id, { onDelete: 'set null' }),
    confirmedAt: timestamp({ withTimezone: true }),
    confirmedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    rejectedAt: timestamp({ withTimezone: true }),
    rejectedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    rejectionReason: text(),
    createdAt: createdAt(),
    deletedAt: timestamp({ withTimezone: true }),
    deletedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Voided when its month is reopened (decision 013). */
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

/** Claimed before sending: several instances and reruns send each reminder once. */
export const formReminders = pgTable(
  'form_reminders',
  {
    id: serial().primaryKey(),
    traineeSupervisorId: integer()
      .notNull()
      .references(() => traineeSupervisors.id, { onDelete: 'cascade' }),
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

/** SPEC §3 "monthly document". Accrued figures are computed from the logs when read. */
export const monthlyDocuments = pgTable(
  'monthly_documents',
  {
    id: serial().primaryKey(),
    traineeId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null once that account is deleted: the trainee keeps the agenda. */
    supervisorUserId: integer().references(() => users.id, { onDelete: 'set null' }),
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

/** The primary key lets one instance claim each period. */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text().notNull(),
    period: timestamp({ withTimezone: true }).notNull(),
    startedAt: createdAt(),
    /** Past it, an unfinished run may be claimed again; null (pre-lease claims): never. */
    leaseUntil: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.job, t.period] })],
);

/** Issue 14; the plan itself is computed from the logs when read. */
export const fieldworkPlans = pgTable(
  'fieldwork_plans',
  {
    traineeId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetDate: date({ mode: 'string' }).notNull(),
    /** 1 supervised, 2 concentrated. */
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

/** Found by the subject, never by the email. */
export const oidcIdentities = pgTable(
  'oidc_identities',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text().notNull(),
    subject: text().notNull(),
    email: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('oidc_identities_subject').on(t.issuer, t.subject),
    uniqueIndex('oidc_identities_user_issuer').on(t.userId, t.issuer),
  ],
);

/**
 * Sign-ins under way, here so any instance can finish them. 'link' waits for the password of the
 * account with that email (no takeover); 'verify' for the mailed code (issue 27).
 */
export const oidcPending = pgTable(
  'oidc_pending',
  {
    id: serial().primaryKey(),
    kind: text({ enum: ['flow', 'link', 'verify'] }).notNull(),
    secretHash: text().notNull(),
    isSupervisor: boolean().notNull(),
    codeVerifier: text().notNull().default(''),
    nonce: text().notNull().default(''),
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

/** Issue 14: inserted before sending, so a second click that day is refused. */
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
    /** Server day, UTC. */
    day: date({ mode: 'string' }).notNull(),
    sentAt: createdAt(),
  },
  (t) => [uniqueIndex('at_risk_reminders_once_a_day').on(t.supervisorUserId, t.traineeId, t.day)],
);

/** Issue 14: the token itself is shown once and never stored. */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    timeZone: text().notNull().default('UTC'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_hash').on(t.tokenHash)],
);

/** Issue 35: claimed before sending, so several instances and reruns send it once. */
export const standardsSwitchNotices = pgTable('standards_switch_notices', {
  traineeId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  costMinutes: integer().notNull(),
  counted2022Minutes: integer().notNull(),
  counted2027Minutes: integer().notNull(),
  months: text().array().notNull(),
  sentAt: createdAt(),
});

/**
 * Issue 39: one supervision contract per structure (a supervisor record, or every record at one
 * organization: `structureKey` is shared/supervisors/form-subject's `subjectKey` when drafted).
 * Versions are the original (1) and its amendments; none is ever deleted (BCBA Handbook,
 * "Supervision Contract": "each amendment must be signed and dated by all relevant parties").
 */
export const supervisionContracts = pgTable(
  'supervision_contracts',
  {
    id: serial().primaryKey(),
    traineeId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The record it was drafted with; an organization's contract names the organization too. */
    traineeSupervisorId: integer()
      .notNull()
      .references(() => traineeSupervisors.id),
    structureKey: text().notNull(),
    organization: text().notNull().default(''),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** Termination (either party): hours dated after `endedOn` need a new contract. */
    endedOn: date({ mode: 'string' }),
    endedReason: text(),
    endedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    endedAt: timestamp({ withTimezone: true }),
    /** A draft nobody signed may be discarded; it stays, hidden, for the history. */
    discardedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('supervision_contracts_trainee').on(t.traineeId),
    index('supervision_contracts_record').on(t.traineeSupervisorId),
  ],
);

export type ContractSection = { id: string; title: string; body: string };

export const contractVersions = pgTable(
  'contract_versions',
  {
    id: serial().primaryKey(),
    contractId: integer()
      .notNull()
      .references(() => supervisionContracts.id, { onDelete: 'cascade' }),
    traineeId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1 is the original; each amendment is the next. */
    version: integer().notNull(),
    source: text({ enum: ['app', 'upload'] }).notNull(),
    /** The drafted text (app); an upload keeps only its title. */
    title: text().notNull(),
    sections: jsonb().$type<ContractSection[]>().notNull().default([]),
    /** Bumped by each edit before signing: a signature names the text it signed. */
    revision: integer().notNull().default(1),
    /** The date of the last signature (app), or the signing date declared with an upload. */
    completedOn: date({ mode: 'string' }),
    /** The signed PDF (app, once complete) or the uploaded file. */
    storageKey: text(),
    fileName: text(),
    contentType: text(),
    sizeBytes: integer(),
    sha256: text(),
    /** An upload: who signed it, as declared. */
    declaredSigners: text().array(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contract_versions_number').on(t.contractId, t.version),
    index('contract_versions_trainee').on(t.traineeId),
  ],
);

/**
 * Who must sign a version, and their signature once given: the trainee and every supervisor of the
 * structure (at an organization, all of them: "All parties are required to sign").
 */
export const contractSignatures = pgTable(
  'contract_signatures',
  {
    id: serial().primaryKey(),
    versionId: integer()
      .notNull()
      .references(() => contractVersions.id, { onDelete: 'cascade' }),
    traineeId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    party: text({ enum: ['trainee', 'supervisor'] }).notNull(),
    /** A supervisor party's record (null for the trainee). */
    traineeSupervisorId: integer().references(() => traineeSupervisors.id),
    /** The account that signed. */
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    typedName: text(),
    signedOn: date({ mode: 'string' }),
    /** The statement of intent the signer affirmed, word for word. */
    intent: text(),
    /** The version's `revision` the signature covers. */
    signedRevision: integer(),
    signedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('contract_signatures_version').on(t.versionId),
    uniqueIndex('contract_signatures_trainee')
      .on(t.versionId)
      .where(sql`${t.party} = 'trainee'`),
    uniqueIndex('contract_signatures_supervisor')
      .on(t.versionId, t.traineeSupervisorId)
      .where(sql`${t.party} = 'supervisor'`),
  ],
);

/** Issue 39: a contract's history, one row per change (who, what, which version, when). */
export const contractEvents = pgTable(
  'contract_events',
  {
    id: serial().primaryKey(),
    contractId: integer()
      .notNull()
      .references(() => supervisionContracts.id, { onDelete: 'cascade' }),
    traineeId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The version the change is about; null for the contract as a whole (ended, discarded). */
    version: integer(),
    action: text({ enum: CONTRACT_EVENT_ACTIONS }).notNull(),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    details: jsonb().$type<AuditDetails>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('contract_events_contract').on(t.contractId, t.id)],
);

/** Issue 39 part 3: a first-year supervisor's monthly consultation (BCBA Handbook, "Supervisor Qualifications"). */
export const consultationMeetings = pgTable(
  'consultation_meetings',
  {
    id: serial().primaryKey(),
    supervisorUserId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    metOn: date({ mode: 'string' }).notNull(),
    consultantName: text().notNull(),
    consultantBacbId: text().notNull(),
    notes: text().notNull().default(''),
    createdAt: createdAt(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('consultation_meetings_supervisor').on(t.supervisorUserId, t.metOn)],
);
