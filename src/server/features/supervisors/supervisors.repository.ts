import { and, asc, count, eq, getTableColumns, isNotNull, isNull } from 'drizzle-orm';
import type { LinkStatus } from '../../../shared/supervisors/trainee-supervisor.schema';
import type { Db } from '../../db/client';
import {
  contractSignatures,
  experienceLogs,
  monthSignoffs,
  supervisionContracts,
  supervisorLinkRequests,
  traineeSupervisors,
  users,
} from '../../db/schema';

export type TraineeSupervisorRow = typeof traineeSupervisors.$inferSelect;
/** `linkStatus` null: no account. */
export type RecordWithLink = TraineeSupervisorRow & { linkStatus: LinkStatus | null };

export function listForTrainee(db: Db, traineeId: number): Promise<TraineeSupervisorRow[]> {
  return db
    .select()
    .from(traineeSupervisors)
    .where(eq(traineeSupervisors.traineeId, traineeId))
    .orderBy(asc(traineeSupervisors.name), asc(traineeSupervisors.id));
}

export function listWithLinks(db: Db, traineeId: number, id?: number): Promise<RecordWithLink[]> {
  return db
    .select({ ...getTableColumns(traineeSupervisors), linkStatus: supervisorLinkRequests.status })
    .from(traineeSupervisors)
    .leftJoin(
      supervisorLinkRequests,
      eq(supervisorLinkRequests.traineeSupervisorId, traineeSupervisors.id),
    )
    .where(
      and(
        eq(traineeSupervisors.traineeId, traineeId),
        id === undefined ? undefined : eq(traineeSupervisors.id, id),
      ),
    )
    .orderBy(asc(traineeSupervisors.name), asc(traineeSupervisors.id));
}

export async function findForTrainee(
  db: Db,
  traineeId: number,
  id: number,
): Promise<TraineeSupervisorRow | undefined> {
  const [row] = await db
    .select()
    .from(traineeSupervisors)
    .where(and(eq(traineeSupervisors.id, id), eq(traineeSupervisors.traineeId, traineeId)))
    .limit(1);
  return row;
}

export async function findSupervisorAccountId(db: Db, email: string): Promise<number | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), eq(users.isSupervisor, true), eq(users.isVerified, true)))
    .limit(1);
  return row?.id ?? null;
}

/** Undefined when the trainee already lists this email. */
export async function insert(
  db: Db,
  values: {
    traineeId: number;
    name: string;
    lastname: string;
    email: string;
    organization?: string;
    supervisorUserId: number | null;
  },
): Promise<TraineeSupervisorRow | undefined> {
  const [row] = await db
    .insert(traineeSupervisors)
    .values(values)
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function update(
  db: Db,
  traineeId: number,
  id: number,
  values: Partial<
    Pick<TraineeSupervisorRow, 'name' | 'lastname' | 'email' | 'organization' | 'supervisorUserId'>
  >,
): Promise<TraineeSupervisorRow | undefined> {
  const [row] = await db
    .update(traineeSupervisors)
    .set(values)
    .where(and(eq(traineeSupervisors.id, id), eq(traineeSupervisors.traineeId, traineeId)))
    .returning();
  return row;
}

/** Deleted logs included: they are kept for audits. */
export async function countLogs(db: Db, traineeSupervisorId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(experienceLogs)
    .where(eq(experienceLogs.traineeSupervisorId, traineeSupervisorId));
  return row?.value ?? 0;
}

/** A month sign-off names the record of its signer (issue 38): the record must stay. */
export async function hasSignoffs(db: Db, traineeSupervisorId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: monthSignoffs.id })
    .from(monthSignoffs)
    .where(eq(monthSignoffs.traineeSupervisorId, traineeSupervisorId))
    .limit(1);
  return row !== undefined;
}

/** A supervision contract (issue 39) names its records and its signers' records: they stay. */
export async function hasContracts(db: Db, traineeSupervisorId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: contractSignatures.id })
    .from(contractSignatures)
    .where(eq(contractSignatures.traineeSupervisorId, traineeSupervisorId))
    .unionAll(
      db
        .select({ id: supervisionContracts.id })
        .from(supervisionContracts)
        .where(eq(supervisionContracts.traineeSupervisorId, traineeSupervisorId)),
    )
    .limit(1);
  return row !== undefined;
}

export async function remove(db: Db, traineeId: number, id: number): Promise<void> {
  await db
    .delete(traineeSupervisors)
    .where(and(eq(traineeSupervisors.id, id), eq(traineeSupervisors.traineeId, traineeId)));
}

export async function markInvited(db: Db, traineeId: number, id: number, now: Date): Promise<void> {
  await db
    .update(traineeSupervisors)
    .set({ invitedAt: now })
    .where(and(eq(traineeSupervisors.id, id), eq(traineeSupervisors.traineeId, traineeId)));
}

export async function endAccess(
  db: Db,
  traineeId: number,
  id: number,
  now: Date,
): Promise<TraineeSupervisorRow | undefined> {
  const [row] = await db
    .update(traineeSupervisors)
    .set({ accessEndedAt: now })
    .where(
      and(
        eq(traineeSupervisors.id, id),
        eq(traineeSupervisors.traineeId, traineeId),
        isNull(traineeSupervisors.accessEndedAt),
      ),
    )
    .returning();
  return row;
}

export async function restoreAccess(
  db: Db,
  traineeId: number,
  id: number,
): Promise<TraineeSupervisorRow | undefined> {
  const [row] = await db
    .update(traineeSupervisors)
    .set({ accessEndedAt: null })
    .where(
      and(
        eq(traineeSupervisors.id, id),
        eq(traineeSupervisors.traineeId, traineeId),
        isNotNull(traineeSupervisors.accessEndedAt),
      ),
    )
    .returning();
  return row;
}
