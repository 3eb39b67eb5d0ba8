import type { LogStatus } from '../../../shared/logs/log-entry.schema';
import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lte,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import { experienceLogs, traineeSupervisors } from '../../db/schema';
import { supervises } from '../supervisors';
import {
  filterConditions,
  selectRecords,
  type LogFilters,
  type LogRecord,
} from './logs.records.repository';

/** The one rule (`supervises`) of every supervisor query. Needs trainee_supervisors joined. */
export function supervisedBy(supervisorId: number | Placeholder): SQL {
  return and(supervises(supervisorId), isNull(experienceLogs.deletedAt)) as SQL;
}

export async function listForSupervisor(
  db: Db,
  supervisorId: number,
  filters: LogFilters & { traineeId?: number | undefined; ids?: readonly number[] | undefined },
): Promise<LogRecord[]> {
  const rows = await selectRecords(db)
    .where(
      and(
        supervisedBy(supervisorId),
        ...filterConditions(filters),
        filters.traineeId ? eq(experienceLogs.traineeId, filters.traineeId) : undefined,
        filters.ids ? inArray(experienceLogs.id, [...filters.ids]) : undefined,
      ),
    )
    .orderBy(
      desc(experienceLogs.dateOfExperience),
      desc(experienceLogs.startMinute),
      desc(experienceLogs.id),
    );
  return rows;
}

export async function listSupervisedLogIds(
  db: Db,
  supervisorId: number,
  filters: {
    status?: LogStatus | undefined;
    date?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
    traineeId?: number | undefined;
    ids?: readonly number[] | undefined;
  },
): Promise<number[]> {
  const rows = await db
    .select({ id: experienceLogs.id })
    .from(experienceLogs)
    .innerJoin(traineeSupervisors, eq(traineeSupervisors.id, experienceLogs.traineeSupervisorId))
    .where(
      and(
        supervisedBy(supervisorId),
        filters.status ? eq(experienceLogs.status, filters.status) : undefined,
        filters.date ? eq(experienceLogs.dateOfExperience, filters.date) : undefined,
        filters.from ? gte(experienceLogs.dateOfExperience, filters.from) : undefined,
        filters.to ? lte(experienceLogs.dateOfExperience, filters.to) : undefined,
        filters.traineeId ? eq(experienceLogs.traineeId, filters.traineeId) : undefined,
        filters.ids ? inArray(experienceLogs.id, [...filters.ids]) : undefined,
      ),
    )
    .orderBy(
      asc(experienceLogs.dateOfExperience),
      asc(experienceLogs.startMinute),
      asc(experienceLogs.id),
    );
  return rows.map((row) => row.id);
}
