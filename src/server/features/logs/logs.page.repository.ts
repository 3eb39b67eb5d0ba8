import { and, desc, eq, exists, isNull, sql, type SQL } from 'drizzle-orm';
import { monthEnd, monthStart } from '../../../shared/logs/time';
import { PAGE_SIZE } from '../../../shared/wire/pagination';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { experienceLogs, traineeSupervisors } from '../../db/schema';
import { selectPageRecords, type LogRow, type PageRecord } from './logs.records.repository';
import { supervisedBy } from './logs.supervisor.repository';

/*
 * The ids of the page and the count come first (an index range, no names), then the page's rows
 * with their names: a page costs the same whatever the list's length.
 */

export type PageFilters = {
  status?: LogRow['status'] | undefined;
  /** 'YYYY-MM' */
  month?: string | undefined;
  date?: string | undefined;
  task?: string | undefined;
  traineeId?: number | undefined;
};

export type Scope = { traineeId: number } | { supervisorId: number };

export type LogPage = { count: number; records: PageRecord[] };

const placeholder = (name: string) => sql.placeholder(name);

type Shape = { status: boolean; range: boolean; task: boolean; trainee: boolean };

function conditions(shape: Shape): (SQL | undefined)[] {
  return [
    shape.status ? eq(experienceLogs.status, placeholder('status')) : undefined,
    shape.range
      ? sql`${experienceLogs.dateOfExperience} between ${placeholder('from')} and ${placeholder('to')}`
      : undefined,
    // Written out: drizzle leaves the columns of a one-table select unqualified.
    shape.task
      ? exists(
          sql`(select 1 from log_tasks t where t.log_id = experience_logs.id and t.task_id = ${placeholder('task')})`,
        )
      : undefined,
    shape.trainee ? eq(experienceLogs.traineeId, placeholder('traineeId')) : undefined,
  ];
}

const newestFirst = [
  desc(experienceLogs.dateOfExperience),
  desc(experienceLogs.startMinute),
  desc(experienceLogs.id),
];

function pageQuery(db: Db, name: string, forSupervisor: boolean, shape: Shape) {
  const ids = db
    .select({
      id: experienceLogs.id,
      count: sql<number>`(count(*) over ())::int`.as('count'),
    })
    .from(experienceLogs);
  const matching = forSupervisor
    ? ids
        .innerJoin(
          traineeSupervisors,
          eq(traineeSupervisors.id, experienceLogs.traineeSupervisorId),
        )
        .where(and(supervisedBy(placeholder('supervisorId')), ...conditions(shape)))
    : ids.where(
        and(
          eq(experienceLogs.traineeId, placeholder('scopeTraineeId')),
          isNull(experienceLogs.deletedAt),
          ...conditions(shape),
        ),
      );
  const page = db.$with('page').as(
    matching
      .orderBy(...newestFirst)
      .limit(placeholder('limit'))
      .offset(placeholder('offset')),
  );
  return selectPageRecords(db.with(page), { count: sql<number>`${page.count}`.as('count') })
    .innerJoin(page, eq(page.id, experienceLogs.id))
    .orderBy(...newestFirst)
    .prepare(name);
}

/** Drizzle's, untyped on a select: the driver's rows, unmapped. */
type Raw = { all: (values: Record<string, unknown>) => Promise<unknown[]> };

/** `page` counts from 1. */
export async function listPage(
  db: Db,
  scope: Scope,
  filters: PageFilters,
  page: number,
): Promise<LogPage> {
  const forSupervisor = 'supervisorId' in scope;
  const range = filters.date
    ? { from: filters.date, to: filters.date }
    : filters.month
      ? { from: monthStart(filters.month), to: monthEnd(filters.month) }
      : undefined;
  const shape: Shape = {
    status: filters.status !== undefined,
    range: range !== undefined,
    task: filters.task !== undefined,
    trainee: forSupervisor && filters.traineeId !== undefined,
  };
  const name = `logs_page_${forSupervisor ? 'supervisor' : 'trainee'}_${Object.entries(shape)
    .filter(([, on]) => on)
    .map(([key]) => key)
    .join('_')}`;
  const statement = prepared(db, name, (database, statementName) =>
    pageQuery(database, statementName, forSupervisor, shape),
  );
  // As the driver parses them (pageRecordColumns names every value as PageRecord does).
  const rows = (await (statement as unknown as Raw).all({
    ...('supervisorId' in scope
      ? { supervisorId: scope.supervisorId }
      : { scopeTraineeId: scope.traineeId }),
    status: filters.status,
    from: range?.from,
    to: range?.to,
    task: filters.task,
    traineeId: filters.traineeId,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  })) as (PageRecord & { count: number })[];
  return { count: rows[0]?.count ?? 0, records: rows };
}
