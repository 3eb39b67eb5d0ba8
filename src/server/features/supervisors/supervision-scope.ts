import { and, eq, isNull, sql, type Column, type Placeholder, type SQL } from 'drizzle-orm';
import { removedTrainees, traineeSupervisors } from '../../db/schema';

/** The columns of a trainee_supervisors row the rule reads: the table, or an alias of it. */
type SupervisorRecord = Record<'supervisorUserId' | 'traineeId' | 'accessEndedAt', Column>;

/**
 * Which trainees a supervisor may see: the one rule every supervisor query uses. A trainee is
 * seen through a supervisor record that is linked to the account and whose access the trainee
 * has not ended (issue 27: a former supervisor keeps only what they signed, read elsewhere), and,
 * unless `includeRemoved` (their own list of trainees, removing and restoring), that the supervisor
 * has not removed from their lists.
 *
 * `supervisorId` is a value, a placeholder, or a column of the query (correlated); `record` is
 * trainee_supervisors as the query joins it. The removed trainees are read once per query (an
 * uncorrelated array), not once per row: a correlated NOT EXISTS was planned as an anti join that
 * scanned removed_trainees again for every matching log, and each scan asks the table's size.
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

/** Whether the supervisor removed the trainee from their lists (a column of the query each). */
export function hasRemoved(
  supervisorId: number | Column | SQL,
  traineeId: Column | SQL,
): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${removedTrainees} where ${removedTrainees.supervisorUserId} = ${supervisorId} and ${removedTrainees.traineeId} = ${traineeId})`;
}
