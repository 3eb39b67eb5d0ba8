import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { logHistory, users, type FieldChanges } from '../../db/schema';

/* A log's audit history outlives the log. */

export type HistoryAction = (typeof logHistory.$inferInsert)['action'];

export async function addHistory(
  db: Db,
  entry: {
    logId: number;
    actorId: number;
    action: HistoryAction;
    changes: FieldChanges;
    now: Date;
  },
): Promise<void> {
  await db.insert(logHistory).values({
    logId: entry.logId,
    actorId: entry.actorId,
    action: entry.action,
    changes: entry.changes,
    createdAt: entry.now,
  });
}

export function listHistory(db: Db, logId: number) {
  return db
    .select({
      id: logHistory.id,
      action: logHistory.action,
      changes: logHistory.changes,
      createdAt: logHistory.createdAt,
      actorId: logHistory.actorId,
      actorName: users.name,
    })
    .from(logHistory)
    .leftJoin(users, eq(users.id, logHistory.actorId))
    .where(eq(logHistory.logId, logId))
    .orderBy(asc(logHistory.createdAt), asc(logHistory.id));
}
