import { and, count, desc, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import { SECURITY_EVENT_KINDS } from '../../../shared/accounts/security.schema';
import type { Db } from '../../db/client';
import { accountEvents, authTokens } from '../../db/schema';
import { PAGE_SIZE } from '../../../shared/wire/pagination';

export type SessionRow = {
  id: number;
  createdAt: Date;
  lastUsedAt: Date;
  userAgent: string;
  ipAddress: string;
};

const live = (userId: number, now: Date) =>
  and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt), gt(authTokens.expiresAt, now));

/** The user's live sessions, the most recently used first. */
export async function listLiveSessions(db: Db, userId: number, now: Date): Promise<SessionRow[]> {
  return db
    .select({
      id: authTokens.id,
      createdAt: authTokens.createdAt,
      lastUsedAt: authTokens.lastUsedAt,
      userAgent: authTokens.userAgent,
      ipAddress: authTokens.ipAddress,
    })
    .from(authTokens)
    .where(live(userId, now))
    .orderBy(desc(authTokens.lastUsedAt), desc(authTokens.id));
}

/** Ends one live session of the user; false when there is none by that id (or not theirs). */
export async function revokeSession(
  db: Db,
  userId: number,
  sessionId: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(authTokens)
    .set({ revokedAt: now })
    .where(and(eq(authTokens.id, sessionId), live(userId, now)))
    .returning({ id: authTokens.id });
  return rows.length === 1;
}

/** Ends every live session of the user but `keepId`; returns how many ended. */
export async function revokeOtherSessions(
  db: Db,
  userId: number,
  keepId: number,
  now: Date,
): Promise<number> {
  const rows = await db
    .update(authTokens)
    .set({ revokedAt: now })
    .where(and(live(userId, now), ne(authTokens.id, keepId)))
    .returning({ id: authTokens.id });
  return rows.length;
}

export type SecurityEventRow = typeof accountEvents.$inferSelect;

/** A page of the user's own security events, newest first. */
export async function pageOfEvents(
  db: Db,
  userId: number,
  page: number,
): Promise<{ count: number; rows: SecurityEventRow[] }> {
  const mine = and(
    eq(accountEvents.userId, userId),
    inArray(accountEvents.kind, [...SECURITY_EVENT_KINDS]),
  );
  const [total] = await db.select({ n: count() }).from(accountEvents).where(mine);
  const rows = await db
    .select()
    .from(accountEvents)
    .where(mine)
    .orderBy(desc(accountEvents.id))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  return { count: total?.n ?? 0, rows };
}
