import { and, eq, isNull, sql, type Column, type Placeholder, type SQL } from 'drizzle-orm';
import { removedTrainees, traineeSupervisors } from '../../db/schema';

type SupervisorRecord = Record<'supervisorUserId' | 'traineeId' | 'accessEndedAt', Column>;

/**
 * The one rule every supervisor query uses (issue 27: a former supervisor keeps only what they
 * signed, read elsewhere). The removed trainees are read once per query, not once per row: a
 * correlated NOT EXISTS was planned as an anti join that scanned removed_trainees for every log.
 */
export function supervises(
  supervisorId: number | Placeholder | Column | SQL,
  options: { record?: SupervisorRecord; includeRemoved?: boolean } = {},
): SQL {
  const record = options.record ?? traineeSupervisors;
  const notRemoved = options.includeRemoved
    ? undefined
    : sql`${record.traineeId} <> all (array(select ${removedTrainees.traineeId} from ${removedTrainees} where ${removedTrainees.supervisorUserId} = ${supervisorId}))`;
  // `and` of defined conditions is never undefined.
  return and(
    eq(record.supervisorUserId, supervisorId),
    isNull(record.accessEndedAt),
    notRemoved,
  ) as SQL;
}

export function hasRemoved(
  supervisorId: number | Column | SQL,
  traineeId: Column | SQL,
): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${removedTrainees} where ${removedTrainees.supervisorUserId} = ${supervisorId} and ${removedTrainees.traineeId} = ${traineeId})`;
}
