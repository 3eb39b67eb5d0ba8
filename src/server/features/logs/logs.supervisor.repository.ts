import { and, desc, eq, inArray, isNull, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { experienceLogs } from '../../db/schema';
import { supervises } from '../supervisors/supervision-scope';
import {
  filterConditions,
  selectRecords,
  type LogFilters,
  type LogRecord,
} from './logs.records.repository';

/**
 * The scope of every supervisor query of logs: live logs the supervisor may see (the one rule,
 * `supervises`). Needs trainee_supervisors joined.
 */
export function supervisedBy(supervisorId: number | Placeholder): SQL {
  return and(supervises(supervisorId), isNull(experienceLogs.deletedAt)) as SQL;
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
