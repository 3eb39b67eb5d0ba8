import { and, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { experienceLogs, logTasks, supervisionContacts, users } from '../../db/schema';

/** Minutes and counts over a set of logs, summed by the database (never by loading the logs). */
export type MinuteTotals = {
  experienceMinutes: number;
  independentMinutes: number;
  supervisedMinutes: number;
  individualMinutes: number;
  groupMinutes: number;
  unrestrictedMinutes: number;
  restrictedMinutes: number;
  contacts: number;
  observations: number;
  observationMinutes: number;
  logs: number;
};

const isSupervised = sql`${experienceLogs.individualOrGroup} <> 'No supervision'`;
const sumInt = (expression: ReturnType<typeof sql>) =>
  sql<number>`coalesce(sum(${expression}), 0)::int`;

const totalsColumns = {
  experienceMinutes: sumInt(sql`${experienceLogs.experienceMinutes}`),
  independentMinutes: sumInt(sql`${experienceLogs.independentMinutes}`),
  supervisedMinutes: sumInt(sql`${experienceLogs.supervisedMinutes}`),
  individualMinutes: sumInt(
    sql`case when ${experienceLogs.individualOrGroup} = 'Individual' then ${experienceLogs.supervisedMinutes} else 0 end`,
  ),
  groupMinutes: sumInt(
    sql`case when ${experienceLogs.individualOrGroup} = 'Group' then ${experienceLogs.supervisedMinutes} else 0 end`,
  ),
  unrestrictedMinutes: sumInt(sql`${experienceLogs.unrestrictedMinutes}`),
  restrictedMinutes: sumInt(sql`${experienceLogs.restrictedMinutes}`),
  // A phone call is not a contact (the contact kind says whether it counts).
  contacts: sql<number>`(count(*) filter (where ${isSupervised} and coalesce(${supervisionContacts.countsAsContact}, false)))::int`,
  observations: sql<number>`(count(*) filter (where ${isSupervised} and ${experienceLogs.clientObservation} = 'Yes'))::int`,
  // Each observation's own duration (a log's observation is at most its supervision window).
  observationMinutes: sumInt(
    sql`case when ${isSupervised} and ${experienceLogs.clientObservation} = 'Yes' then coalesce(${experienceLogs.observationMinutes}, 0) else 0 end`,
  ),
  logs: sql<number>`count(*)::int`,
};

type Range = { from?: string | undefined; to?: string | undefined };

function scope(traineeId: number, range: Range) {
  return and(
    eq(experienceLogs.traineeId, traineeId),
    isNull(experienceLogs.deletedAt),
    range.from ? gte(experienceLogs.dateOfExperience, range.from) : undefined,
    range.to ? lte(experienceLogs.dateOfExperience, range.to) : undefined,
  );
}

const EMPTY: MinuteTotals = {
  experienceMinutes: 0,
  independentMinutes: 0,
  supervisedMinutes: 0,
  individualMinutes: 0,
  groupMinutes: 0,
  unrestrictedMinutes: 0,
  restrictedMinutes: 0,
  contacts: 0,
  observations: 0,
  observationMinutes: 0,
  logs: 0,
};

/** One aggregate query over the trainee's live logs in a date range (all statuses). */
export async function sumLogs(db: Db, traineeId: number, range: Range = {}): Promise<MinuteTotals> {
  const [row] = await db
    .select(totalsColumns)
    .from(experienceLogs)
    .leftJoin(supervisionContacts, eq(supervisionContacts.id, experienceLogs.supervisionContactId))
    .where(scope(traineeId, range));
  return row ?? EMPTY;
}

/** The same sums, one row per fieldwork type. */
export async function sumLogsByType(
  db: Db,
  traineeId: number,
  range: Range,
): Promise<(MinuteTotals & { experienceTypeId: number })[]> {
  return db
    .select({ experienceTypeId: experienceLogs.experienceTypeId, ...totalsColumns })
    .from(experienceLogs)
    .leftJoin(supervisionContacts, eq(supervisionContacts.id, experienceLogs.supervisionContactId))
    .where(scope(traineeId, range))
    .groupBy(experienceLogs.experienceTypeId);
}

/** Each task the trainee's live logs document, with the dates it was documented on. */
export async function documentedTasks(
  db: Db,
  traineeId: number,
  range: Range,
): Promise<{ taskId: string; dates: string[]; logs: number }[]> {
  return db
    .select({
      taskId: logTasks.taskId,
      dates: sql<
        string[]
      >`array_agg(distinct ${experienceLogs.dateOfExperience}::text order by ${experienceLogs.dateOfExperience}::text)`,
      logs: sql<number>`count(*)::int`,
    })
    .from(logTasks)
    .innerJoin(experienceLogs, eq(experienceLogs.id, logTasks.logId))
    .where(scope(traineeId, range))
    .groupBy(logTasks.taskId);
}

/** Stores the trainee's rule set choice (their own row only). */
export async function setRuleSet(db: Db, traineeId: number, ruleSet: string | null): Promise<void> {
  await db.update(users).set({ ruleSet }).where(eq(users.id, traineeId));
}

const monthColumn = sql<string>`to_char(${experienceLogs.dateOfExperience}, 'YYYY-MM')`;

/** The sums per month and fieldwork type, oldest month first: one query for the whole history. */
export async function sumLogsByMonthAndType(
  db: Db,
  traineeId: number,
): Promise<
  (MinuteTotals & { month: string; experienceTypeId: number; approvedMinutes: number })[]
> {
  return db
    .select({
      month: monthColumn,
      experienceTypeId: experienceLogs.experienceTypeId,
      ...totalsColumns,
      approvedMinutes: sumInt(
        sql`case when ${experienceLogs.status} = 'approved' then ${experienceLogs.experienceMinutes} else 0 end`,
      ),
    })
    .from(experienceLogs)
    .leftJoin(supervisionContacts, eq(supervisionContacts.id, experienceLogs.supervisionContactId))
    .where(scope(traineeId, {}))
    .groupBy(monthColumn, experienceLogs.experienceTypeId)
    .orderBy(monthColumn, experienceLogs.experienceTypeId);
}
