import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { User } from '../../../shared/accounts/account.schema';
import type { Db } from '../../db/client';
import {
  authTokens,
  calendarFeeds,
  oidcIdentities,
  emailCodes,
  experienceLogs,
  supervisorProfiles,
  users,
  removedTrainees,
} from '../../db/schema';
import { profilePictureUrl } from '../../../shared/files/profile-picture-url';

export type UserRow = typeof users.$inferSelect;
export type CodePurpose = 'verify' | 'reset';

/** `email` must be lower-cased. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export type NewUser = {
  email: string;
  name: string;
  /** Null for an account made by a Google sign-in. */
  passwordHash: string | null;
  isSupervisor: boolean;
  dateJoined: Date;
  timeZone?: string | null;
};

/** Inserts a user; returns undefined when the email is taken (unique index). */
export async function insertUser(db: Db, values: NewUser): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}

export type SupervisorProfileValues = {
  bacbAccountNumber: string;
  bacbCertificationNumber: string;
  supervisorQualification: string;
  dateQualified: string;
  dateContract: string;
};

export async function upsertSupervisorProfile(
  db: Db,
  userId: number,
  values: SupervisorProfileValues,
): Promise<void> {
  await db
    .insert(supervisorProfiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: supervisorProfiles.userId, set: values });
}

export async function markVerified(db: Db, userId: number): Promise<void> {
  await db.update(users).set({ isVerified: true }).where(eq(users.id, userId));
}

export async function updatePasswordHash(
  db: Db,
  userId: number,
  passwordHash: string,
): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** False when the account has a password already. */
export async function setPasswordIfNone(
  db: Db,
  userId: number,
  passwordHash: string,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, userId), isNull(users.passwordHash)))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function insertToken(db: Db, values: typeof authTokens.$inferInsert): Promise<void> {
  await db.insert(authTokens).values(values);
}

export const liveTokensOf = (userId: number, now: Date) =>
  and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt), gt(authTokens.expiresAt, now));

/** Only if it belongs to the user. */
export async function revokeToken(
  db: Db,
  userId: number,
  tokenId: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(authTokens)
    .set({ revokedAt: now })
    .where(and(eq(authTokens.id, tokenId), liveTokensOf(userId, now)))
    .returning({ id: authTokens.id });
  return rows.length === 1;
}

export async function revokeAllTokens(
  db: Db,
  userId: number,
  now: Date,
  exceptTokenId?: number,
): Promise<number> {
  const rows = await db
    .update(authTokens)
    .set({ revokedAt: now })
    .where(
      and(
        liveTokensOf(userId, now),
        exceptTokenId === undefined ? undefined : ne(authTokens.id, exceptTokenId),
      ),
    )
    .returning({ id: authTokens.id });
  return rows.length;
}

export async function revokeCalendarFeed(db: Db, userId: number): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/** Only the newest code of a purpose works. */
export async function replaceEmailCode(
  db: Db,
  values: { userId: number; purpose: CodePurpose; codeHash: string; expiresAt: Date; now: Date },
): Promise<void> {
  await db
    .update(emailCodes)
    .set({ consumedAt: values.now })
    .where(
      and(
        eq(emailCodes.userId, values.userId),
        eq(emailCodes.purpose, values.purpose),
        isNull(emailCodes.consumedAt),
      ),
    );
  await db.insert(emailCodes).values({
    userId: values.userId,
    purpose: values.purpose,
    codeHash: values.codeHash,
    expiresAt: values.expiresAt,
  });
}

export type EmailCodeRow = typeof emailCodes.$inferSelect;

export async function findLiveCode(
  db: Db,
  userId: number,
  purpose: CodePurpose,
): Promise<EmailCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(emailCodes)
    .where(
      and(
        eq(emailCodes.userId, userId),
        eq(emailCodes.purpose, purpose),
        isNull(emailCodes.consumedAt),
      ),
    )
    .limit(1);
  return row;
}

/** Conditional on the code still being live, so two requests racing with it cannot both succeed. */
export async function consumeCode(db: Db, codeId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(emailCodes)
    .set({ consumedAt: now })
    .where(and(eq(emailCodes.id, codeId), isNull(emailCodes.consumedAt)))
    .returning({ id: emailCodes.id });
  return rows.length === 1;
}

/**
 * Incremented in the database, so simultaneous wrong tries all count; the code burns at
 * `maxAttempts`. Returns the tries used (`maxAttempts` when the code was already gone).
 */
export async function recordWrongCode(
  db: Db,
  codeId: number,
  maxAttempts: number,
  now: Date,
): Promise<number> {
  const failedAttempts = sql`${emailCodes.failedAttempts} + 1`;
  const [row] = await db
    .update(emailCodes)
    .set({
      failedAttempts,
      consumedAt: sql`case when ${failedAttempts} >= ${maxAttempts} then ${now.toISOString()}::timestamptz end`,
    })
    .where(and(eq(emailCodes.id, codeId), isNull(emailCodes.consumedAt)))
    .returning({ failedAttempts: emailCodes.failedAttempts });
  return row?.failedAttempts ?? maxAttempts;
}

/** The user as the API shows it (SPEC §3 User). */
export async function loadUserView(db: Db, userId: number): Promise<User | undefined> {
  const [row] = await db
    .select({ user: users, profile: supervisorProfiles })
    .from(users)
    .leftJoin(supervisorProfiles, eq(supervisorProfiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return undefined;
  // Whether a trainee has ever logged (deleted logs included): a new browser then skips the
  // log screen's welcome, which is for a first visit (issue 36). One probe of an index.
  const [logged] = row.user.isSupervisor
    ? []
    : await db
        .select({ id: experienceLogs.id })
        .from(experienceLogs)
        .where(eq(experienceLogs.traineeId, userId))
        .limit(1);
  const removed = row.user.isSupervisor
    ? await db
        .select({ id: removedTrainees.traineeId })
        .from(removedTrainees)
        .where(eq(removedTrainees.supervisorUserId, userId))
        .orderBy(removedTrainees.traineeId)
    : [];
  return toUserView(
    row.user,
    row.profile,
    removed.map((entry) => entry.id),
    logged !== undefined,
  );
}

export function toUserView(
  user: UserRow,
  profile: typeof supervisorProfiles.$inferSelect | null,
  removedUserIds: number[] = [],
  hasLogs = false,
): User {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    is_supervisor: user.isSupervisor,
    is_paid: user.isPaid,
    date_joined: user.dateJoined.toISOString(),
    profile_pic: user.profilePic ? profilePictureUrl(user.profilePic) : null,
    rule_set: user.ruleSet === '2022' || user.ruleSet === '2027' ? user.ruleSet : null,
    time_zone: user.timeZone,
    has_logs: hasLogs,
    supervisor: user.isSupervisor
      ? {
          bacb_account_number: profile?.bacbAccountNumber ?? '',
          bacb_certification_number: profile?.bacbCertificationNumber ?? '',
          supervisor_qualification: profile?.supervisorQualification ?? '',
          date_qualified: profile?.dateQualified ?? null,
          date_contract: profile?.dateContract ?? null,
          removed_user: removedUserIds,
          certified_on: profile?.certifiedOn ?? null,
          training_completed_on: profile?.trainingCompletedOn ?? null,
          training_certificate_name: profile?.trainingCertificateName ?? null,
          consulting_supervisor_name: profile?.consultingSupervisorName ?? '',
          consulting_supervisor_bacb_id: profile?.consultingSupervisorBacbId ?? '',
        }
      : null,
    trainee: user.isSupervisor
      ? null
      : {
          bacb_id: user.bacbId,
          fieldwork_state: user.fieldworkState,
          fieldwork_country: user.fieldworkCountry,
          pathway: user.pathway,
          first_class_on: user.firstClassOn,
        },
  };
}

/** Here, not in google-sign-in, so that account recovery need not reach into that feature. */
export async function deleteIdentityLinks(db: Db, userId: number): Promise<number> {
  const rows = await db
    .delete(oidcIdentities)
    .where(eq(oidcIdentities.userId, userId))
    .returning({ id: oidcIdentities.id });
  return rows.length;
}
