import {
  and,
  desc,
  eq,
  inArray,
  isNull,
  notExists,
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
 * account, of trainees the supervisor has not removed. Needs trainee_supervisors joined.
 */
export function supervisedBy(supervisorId: number | Placeholder): SQL | undefined {
  return and(
    eq(traineeSupervisors.supervisorUserId, supervisorId),
    isNull(experienceLogs.deletedAt),
    notExists(
      sql`(select 1 from ${removedTrainees} where ${removedTrainees.supervisorUserId} = ${supervisorId} and ${removedTrainees.traineeId} = ${experienceLogs.traineeId})`,
    ),
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
