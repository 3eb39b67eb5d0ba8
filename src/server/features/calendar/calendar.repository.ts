import { and, desc, eq, gte, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { calendarFeeds, experienceLogs, traineeSupervisors, users } from '../../db/schema';
import { noSignedMonthlyForm } from '../forms';
import { supervisedBy } from '../logs';

/** The most events of each kind a feed carries (the newest). */
const MAX_EVENTS = 1000;

export async function findFeed(db: Db, userId: number) {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return row;
}

export async function findFeedByHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      userId: users.id,
      isSupervisor: users.isSupervisor,
      timeZone: calendarFeeds.timeZone,
    })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.tokenHash, tokenHash));
  return row;
}

/** Replacing the token stops the old URL at once. */
export async function saveFeed(
  db: Db,
  values: { userId: number; tokenHash: string; timeZone: string; createdAt: Date },
) {
  await db
    .insert(calendarFeeds)
    .values(values)
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { tokenHash: values.tokenHash, timeZone: values.timeZone, createdAt: values.createdAt },
    });
}

export async function deleteFeed(db: Db, userId: number): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

type FeedOwner = { userId: number; isSupervisor: boolean };

/** Needs trainee_supervisors joined. */
const logsOf = (user: FeedOwner) =>
  user.isSupervisor
    ? supervisedBy(user.userId)
    : and(eq(experienceLogs.traineeId, user.userId), isNull(experienceLogs.deletedAt));

const supervisorName = sql<string>`trim(${traineeSupervisors.name} || ' ' || ${traineeSupervisors.lastname})`;

export async function supervisionMeetings(db: Db, user: FeedOwner, from: string) {
  return db
    .select({
      id: experienceLogs.id,
      date: experienceLogs.dateOfExperience,
      startMinute: experienceLogs.supervisionStartMinute,
      endMinute: experienceLogs.supervisionEndMinute,
      individualOrGroup: experienceLogs.individualOrGroup,
      methodOfSupervision: experienceLogs.methodOfSupervision,
      status: experienceLogs.status,
      updatedAt: experienceLogs.updatedAt,
      traineeName: users.name,
      supervisorName,
    })
    .from(experienceLogs)
    .innerJoin(traineeSupervisors, eq(traineeSupervisors.id, experienceLogs.traineeSupervisorId))
    .innerJoin(users, eq(users.id, experienceLogs.traineeId))
    .where(
      and(
        logsOf(user),
        ne(experienceLogs.individualOrGroup, 'No supervision'),
        sql`${experienceLogs.supervisionStartMinute} is not null and ${experienceLogs.supervisionEndMinute} is not null`,
        gte(experienceLogs.dateOfExperience, from),
      ),
    )
    .orderBy(desc(experienceLogs.dateOfExperience), desc(experienceLogs.id))
    .limit(MAX_EVENTS);
}

/** Per supervisor record: months with live logs of a type but no complete monthly form of it. */
export async function unsignedFormMonths(db: Db, user: FeedOwner, fromMonth: string) {
  const month = sql<string>`to_char(${experienceLogs.dateOfExperience}, 'YYYY-MM')`;
  return db
    .select({
      traineeSupervisorId: traineeSupervisors.id,
      month,
      traineeName: users.name,
      supervisorName,
    })
    .from(experienceLogs)
    .innerJoin(traineeSupervisors, eq(traineeSupervisors.id, experienceLogs.traineeSupervisorId))
    .innerJoin(users, eq(users.id, experienceLogs.traineeId))
    .where(
      and(
        logsOf(user),
        gte(experienceLogs.dateOfExperience, `${fromMonth}-01`),
        noSignedMonthlyForm({
          traineeSupervisorId: experienceLogs.traineeSupervisorId,
          month,
          experienceTypeId: experienceLogs.experienceTypeId,
        }),
      ),
    )
    .groupBy(traineeSupervisors.id, month, users.name, supervisorName)
    .orderBy(desc(month), traineeSupervisors.id)
    .limit(MAX_EVENTS);
}
