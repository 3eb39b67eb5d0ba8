import { asc, eq, inArray } from 'drizzle-orm';
import { getTableColumns } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  contractEvents,
  contractSignatures,
  contractVersions,
  experienceLogs,
  logHistory,
  logTasks,
  monthForms,
  monthlyDocuments,
  monthSignoffs,
  recordFiles,
  removedTrainees,
  supervisionContracts,
  supervisorProfiles,
  traineeSupervisors,
  users,
} from '../../db/schema';

/*
 * Everything of one account that its whole-record export holds, every query scoped to that
 * account's id (a trainee's records, or a supervisor's own links and sign-offs).
 */

const { passwordHash: _secret, ...accountColumns } = getTableColumns(users);

/** Without its password hash; `email` as EmailSchema parses it, the way it is stored. */
export async function findAccount(db: Db, by: { id: number } | { email: string }) {
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .where('id' in by ? eq(users.id, by.id) : eq(users.email, by.email))
    .limit(1);
  return row;
}
export type ExportedAccount = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

export async function findSupervisorProfile(db: Db, userId: number) {
  const [row] = await db
    .select()
    .from(supervisorProfiles)
    .where(eq(supervisorProfiles.userId, userId));
  return row ?? null;
}

/** Every log of the trainee, deleted ones included, oldest first, with its tasks in order. */
export async function listTraineeLogs(db: Db, traineeId: number) {
  const logs = await db
    .select()
    .from(experienceLogs)
    .where(eq(experienceLogs.traineeId, traineeId))
    .orderBy(
      asc(experienceLogs.dateOfExperience),
      asc(experienceLogs.startMinute),
      asc(experienceLogs.id),
    );
  const ids = logs.map((log) => log.id);
  const tasks =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(logTasks)
          .where(inArray(logTasks.logId, ids))
          .orderBy(asc(logTasks.logId), asc(logTasks.position));
  return logs.map((log) => ({
    ...log,
    taskIds: tasks.filter((task) => task.logId === log.id).map((task) => task.taskId),
  }));
}

export function listTraineeLogHistory(db: Db, traineeId: number) {
  return db
    .select(getTableColumns(logHistory))
    .from(logHistory)
    .innerJoin(experienceLogs, eq(experienceLogs.id, logHistory.logId))
    .where(eq(experienceLogs.traineeId, traineeId))
    .orderBy(asc(logHistory.logId), asc(logHistory.id));
}

export function listTraineeSupervisors(db: Db, traineeId: number) {
  return db
    .select()
    .from(traineeSupervisors)
    .where(eq(traineeSupervisors.traineeId, traineeId))
    .orderBy(asc(traineeSupervisors.id));
}

/** The supervisors who removed the trainee from their lists (the trainee's records stay). */
export function listRemovalsOfTrainee(db: Db, traineeId: number) {
  return db
    .select({
      supervisorUserId: removedTrainees.supervisorUserId,
      removedAt: removedTrainees.removedAt,
    })
    .from(removedTrainees)
    .where(eq(removedTrainees.traineeId, traineeId))
    .orderBy(asc(removedTrainees.removedAt));
}

export function listSignoffs(db: Db, by: { traineeId: number } | { supervisorUserId: number }) {
  return db
    .select()
    .from(monthSignoffs)
    .where(
      'traineeId' in by
        ? eq(monthSignoffs.traineeId, by.traineeId)
        : eq(monthSignoffs.supervisorUserId, by.supervisorUserId),
    )
    .orderBy(asc(monthSignoffs.month), asc(monthSignoffs.id));
}

/** The official forms filled for the trainee (voided ones included, as history). */
export function listTraineeForms(db: Db, traineeId: number) {
  return db
    .select()
    .from(monthForms)
    .where(eq(monthForms.traineeId, traineeId))
    .orderBy(asc(monthForms.id));
}

/** The verification forms the trainee uploaded (deleted ones included). */
export function listTraineeRecordFiles(db: Db, traineeId: number) {
  return db
    .select()
    .from(recordFiles)
    .where(eq(recordFiles.traineeId, traineeId))
    .orderBy(asc(recordFiles.id));
}

export function listTraineeAgendas(db: Db, traineeId: number) {
  return db
    .select()
    .from(monthlyDocuments)
    .where(eq(monthlyDocuments.traineeId, traineeId))
    .orderBy(asc(monthlyDocuments.date), asc(monthlyDocuments.id));
}

/** A supervisor's links: the trainees' records of them, with each trainee's name and email. */
export function listSupervisorLinks(db: Db, supervisorUserId: number) {
  return db
    .select({
      ...getTableColumns(traineeSupervisors),
      traineeName: users.name,
      traineeEmail: users.email,
    })
    .from(traineeSupervisors)
    .innerJoin(users, eq(users.id, traineeSupervisors.traineeId))
    .where(eq(traineeSupervisors.supervisorUserId, supervisorUserId))
    .orderBy(asc(traineeSupervisors.id));
}

export function listRemovalsBySupervisor(db: Db, supervisorUserId: number) {
  return db
    .select({ traineeId: removedTrainees.traineeId, removedAt: removedTrainees.removedAt })
    .from(removedTrainees)
    .where(eq(removedTrainees.supervisorUserId, supervisorUserId))
    .orderBy(asc(removedTrainees.removedAt));
}

/** The trainee's supervision contracts (issue 39), each with its versions, signatures and history. */
export async function listTraineeContracts(db: Db, traineeId: number) {
  const [contracts, versions, signatures, events] = await Promise.all([
    db
      .select()
      .from(supervisionContracts)
      .where(eq(supervisionContracts.traineeId, traineeId))
      .orderBy(asc(supervisionContracts.id)),
    db
      .select()
      .from(contractVersions)
      .where(eq(contractVersions.traineeId, traineeId))
      .orderBy(asc(contractVersions.contractId), asc(contractVersions.version)),
    db
      .select()
      .from(contractSignatures)
      .where(eq(contractSignatures.traineeId, traineeId))
      .orderBy(asc(contractSignatures.id)),
    db
      .select()
      .from(contractEvents)
      .where(eq(contractEvents.traineeId, traineeId))
      .orderBy(asc(contractEvents.id)),
  ]);
  return contracts.map((contract) => ({
    ...contract,
    versions: versions
      .filter((version) => version.contractId === contract.id)
      .map((version) => ({
        ...version,
        signatures: signatures.filter((signature) => signature.versionId === version.id),
      })),
    history: events.filter((event) => event.contractId === contract.id),
  }));
}
