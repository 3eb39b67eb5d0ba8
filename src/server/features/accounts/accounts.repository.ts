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

/** Finds a user by (lower-cased) email. */
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
  /** The browser's zone, when sign-up sent it. */
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

/** Creates or replaces a supervisor's credentials. */
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

/** Sets the password of an account that has none; false when it has one already. */
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

/** A user's live sessions: tokens neither revoked nor expired. */
export const liveTokensOf = (userId: number, now: Date) =>
  and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt), gt(authTokens.expiresAt, now));

/** Ends one live session, only if it belongs to the user; false when there is none such. */
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

/**
 * Ends every live session of the user, except the one named (the session making the change);
 * returns how many ended.
 */
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

/** Ends the person's calendar feed: its URL stops working at once. */
export async function revokeCalendarFeed(db: Db, userId: number): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/** Replaces any live code of this purpose with a new one (only the newest code works). */
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

/** The live (unconsumed) code of a purpose for a user, if any. */
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

/**
 * Marks a code used. Conditional on it still being live, so two requests racing with the same
 * code cannot both succeed. Returns whether this call consumed it.
 */
export async function consumeCode(db: Db, codeId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(emailCodes)
    .set({ consumedAt: now })
    .where(and(eq(emailCodes.id, codeId), isNull(emailCodes.consumedAt)))
    .returning({ id: emailCodes.id });
  return rows.length === 1;
}

/**
 * Counts a wrong try; the code burns (is consumed) at `maxAttempts`. The count is incremented
 * in the database, so wrong tries sent at the same moment are all counted. Returns the tries
 * used so far (`maxAttempts` when the code was already gone).
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
        }
      : null,
    trainee: user.isSupervisor
      ? null
      : {
          bacb_id: user.bacbId,
          fieldwork_state: user.fieldworkState,
          fieldwork_country: user.fieldworkCountry,
        },
  };
}

/**
 * Deletes the account's issuer links (the same rows google-sign-in links; here so that the
 * account's own recovery need not reach into that feature). Returns how many.
 */
export async function deleteIdentityLinks(db: Db, userId: number): Promise<number> {
  const rows = await db
    .delete(oidcIdentities)
    .where(eq(oidcIdentities.userId, userId))
    .returning({ id: oidcIdentities.id });
  return rows.length;
}
