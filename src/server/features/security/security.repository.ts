import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { SECURITY_EVENT_KINDS } from '../../../shared/security/security.schema';
import type { Db } from '../../db/client';
import { accountEvents, authTokens } from '../../db/schema';
import { liveTokensOf } from '../accounts';
import { PAGE_SIZE } from '../../../shared/wire/pagination';

export type SessionRow = {
  id: number;
  createdAt: Date;
  lastUsedAt: Date;
  userAgent: string;
  ipAddress: string;
};

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
    .where(liveTokensOf(userId, now))
    .orderBy(desc(authTokens.lastUsedAt), desc(authTokens.id));
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
