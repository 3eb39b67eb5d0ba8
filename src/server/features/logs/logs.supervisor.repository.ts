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
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import { experienceLogs, removedTrainees, traineeSupervisors } from '../../db/schema';
import {
  filterConditions,
  selectRecords,
  type LogFilters,
  type LogRecord,
} from './logs.records.repository';

/**
 * The scope of every supervisor query: live logs whose supervisor record is linked to this
 * account, of trainees the supervisor has not removed. Needs trainee_supervisors joined. The
 * removed trainees are read once per query (an uncorrelated array), not once per log: a
 * correlated NOT EXISTS was planned as an anti join that scanned removed_trainees again for every
 * matching log, and each scan asks the table's size (a file `lseek`, an `fstat` under PGlite).
 */
export function supervisedBy(supervisorId: number | Placeholder): SQL | undefined {
  return and(
    eq(traineeSupervisors.supervisorUserId, supervisorId),
    isNull(experienceLogs.deletedAt),
    sql`${experienceLogs.traineeId} <> all (array(select ${removedTrainees.traineeId} from ${removedTrainees} where ${removedTrainees.supervisorUserId} = ${supervisorId}))`,
  );
}

/** The supervisor's visible logs with the filters, newest first. */
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

/** Ids of the supervisor's visible logs matching the filters (the lists and the calendar). */
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
