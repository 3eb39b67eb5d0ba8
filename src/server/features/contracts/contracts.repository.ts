import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  contractSignatures,
  contractVersions,
  supervisionContracts,
  supervisorProfiles,
  traineeSupervisors,
  users,
  type ContractSection,
} from '../../db/schema';
import { supervises } from '../supervisors';

export type ContractRow = typeof supervisionContracts.$inferSelect;
export type VersionRow = typeof contractVersions.$inferSelect;
export type SignatureRow = typeof contractSignatures.$inferSelect;
export type RecordRow = typeof traineeSupervisors.$inferSelect;

export async function findContract(db: Db, id: number): Promise<ContractRow | undefined> {
  const [row] = await db
    .select()
    .from(supervisionContracts)
    .where(and(eq(supervisionContracts.id, id), isNull(supervisionContracts.discardedAt)))
    .limit(1);
  return row;
}

/** The trainee's contracts that were not discarded, oldest first. */
export function listContracts(db: Db, traineeId: number): Promise<ContractRow[]> {
  return db
    .select()
    .from(supervisionContracts)
    .where(
      and(eq(supervisionContracts.traineeId, traineeId), isNull(supervisionContracts.discardedAt)),
    )
    .orderBy(asc(supervisionContracts.id));
}

export async function findRecord(db: Db, id: number): Promise<RecordRow | undefined> {
  const [row] = await db
    .select()
    .from(traineeSupervisors)
    .where(eq(traineeSupervisors.id, id))
    .limit(1);
  return row;
}

/** The trainee's records, in id order (the structure is named by its earliest record). */
export function recordsOf(db: Db, traineeId: number): Promise<RecordRow[]> {
  return db
    .select()
    .from(traineeSupervisors)
    .where(eq(traineeSupervisors.traineeId, traineeId))
    .orderBy(asc(traineeSupervisors.id));
}

/** The trainee's records the supervisor may act through (supervision-scope's one rule). */
export async function supervisedRecordIds(
  db: Db,
  supervisorId: number,
  traineeId: number,
): Promise<Set<number>> {
  const rows = await db
    .select({ id: traineeSupervisors.id })
    .from(traineeSupervisors)
    .where(and(eq(traineeSupervisors.traineeId, traineeId), supervises(supervisorId)));
  return new Set(rows.map((row) => row.id));
}

export function versionsOf(db: Db, contractId: number): Promise<VersionRow[]> {
  return db
    .select()
    .from(contractVersions)
    .where(eq(contractVersions.contractId, contractId))
    .orderBy(asc(contractVersions.version));
}

/** Locks the version for one writer at a time: two last signatures cannot both miss the other. */
export async function lockVersion(
  tx: Db,
  contractId: number,
  version: number,
): Promise<VersionRow | undefined> {
  const [row] = await tx
    .select()
    .from(contractVersions)
    .where(and(eq(contractVersions.contractId, contractId), eq(contractVersions.version, version)))
    .for('update')
    .limit(1);
  return row;
}

/** Whether the account signed any version of the contract. */
export async function hasSigned(db: Db, contractId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: contractSignatures.id })
    .from(contractSignatures)
    .innerJoin(contractVersions, eq(contractVersions.id, contractSignatures.versionId))
    .where(and(eq(contractVersions.contractId, contractId), eq(contractSignatures.userId, userId)))
    .limit(1);
  return row !== undefined;
}

export function signaturesOf(db: Db, versionIds: readonly number[]): Promise<SignatureRow[]> {
  if (versionIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(contractSignatures)
    .where(inArray(contractSignatures.versionId, [...versionIds]))
    .orderBy(asc(contractSignatures.id));
}

export async function findPerson(db: Db, id: number) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      isVerified: users.isVerified,
      timeZone: users.timeZone,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

/** The 8-hour supervision training's date of each supervisor account (null: not recorded). */
export async function trainingDates(
  db: Db,
  userIds: readonly number[],
): Promise<Map<number, string | null>> {
  const dates = new Map<number, string | null>(userIds.map((id) => [id, null]));
  if (userIds.length === 0) return dates;
  const rows = await db
    .select({ userId: supervisorProfiles.userId, on: supervisorProfiles.trainingCompletedOn })
    .from(supervisorProfiles)
    .where(inArray(supervisorProfiles.userId, [...userIds]));
  for (const row of rows) dates.set(row.userId, row.on);
  return dates;
}

/** A live contract (neither discarded nor ended) of the structure, if any. */
export async function findLiveOfStructure(db: Db, traineeId: number, structureKey: string) {
  const [row] = await db
    .select({ id: supervisionContracts.id })
    .from(supervisionContracts)
    .where(
      and(
        eq(supervisionContracts.traineeId, traineeId),
        eq(supervisionContracts.structureKey, structureKey),
        isNull(supervisionContracts.discardedAt),
        isNull(supervisionContracts.endedOn),
      ),
    )
    .limit(1);
  return row;
}

export async function insertContract(
  tx: Db,
  values: typeof supervisionContracts.$inferInsert,
): Promise<number> {
  const [row] = await tx
    .insert(supervisionContracts)
    .values(values)
    .returning({ id: supervisionContracts.id });
  if (!row) throw new Error('contract insert returned nothing');
  return row.id;
}

export async function insertVersion(
  tx: Db,
  values: typeof contractVersions.$inferInsert,
): Promise<number> {
  const [row] = await tx
    .insert(contractVersions)
    .values(values)
    .returning({ id: contractVersions.id });
  if (!row) throw new Error('contract version insert returned nothing');
  return row.id;
}

/** One unsigned row for the trainee and one for each supervisor record that must sign. */
export async function insertParties(
  tx: Db,
  version: { id: number; traineeId: number },
  recordIds: readonly number[],
): Promise<void> {
  await tx.insert(contractSignatures).values([
    { versionId: version.id, traineeId: version.traineeId, party: 'trainee' },
    ...recordIds.map((recordId) => ({
      versionId: version.id,
      traineeId: version.traineeId,
      party: 'supervisor' as const,
      traineeSupervisorId: recordId,
    })),
  ]);
}

export async function updateText(
  tx: Db,
  versionId: number,
  values: { title: string; sections: ContractSection[]; now: Date },
): Promise<void> {
  await tx
    .update(contractVersions)
    .set({
      title: values.title,
      sections: values.sections,
      revision: sql`${contractVersions.revision} + 1`,
      updatedAt: values.now,
    })
    .where(eq(contractVersions.id, versionId));
}

export async function sign(
  tx: Db,
  signatureId: number,
  values: {
    userId: number;
    typedName: string;
    signedOn: string;
    intent: string;
    revision: number;
    at: Date;
  },
): Promise<void> {
  await tx
    .update(contractSignatures)
    .set({
      userId: values.userId,
      typedName: values.typedName,
      signedOn: values.signedOn,
      intent: values.intent,
      signedRevision: values.revision,
      signedAt: values.at,
    })
    .where(and(eq(contractSignatures.id, signatureId), isNull(contractSignatures.signedAt)));
}

export async function completeVersion(
  tx: Db,
  versionId: number,
  values: {
    completedOn: string;
    storageKey: string;
    fileName: string;
    sizeBytes: number;
    sha256: string;
    now: Date;
  },
): Promise<void> {
  const { now, ...rest } = values;
  await tx
    .update(contractVersions)
    .set({ ...rest, contentType: 'application/pdf', updatedAt: now })
    .where(eq(contractVersions.id, versionId));
}

export async function endContract(
  tx: Db,
  id: number,
  values: { endedOn: string; reason: string; by: number; at: Date },
): Promise<boolean> {
  const rows = await tx
    .update(supervisionContracts)
    .set({
      endedOn: values.endedOn,
      endedReason: values.reason,
      endedBy: values.by,
      endedAt: values.at,
    })
    .where(and(eq(supervisionContracts.id, id), isNull(supervisionContracts.endedOn)))
    .returning({ id: supervisionContracts.id });
  return rows.length > 0;
}

export async function discard(tx: Db, id: number, at: Date): Promise<void> {
  await tx
    .update(supervisionContracts)
    .set({ discardedAt: at })
    .where(and(eq(supervisionContracts.id, id), isNull(supervisionContracts.discardedAt)));
}
