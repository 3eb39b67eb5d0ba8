import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  consultationMeetings,
  experienceLogs,
  supervisorProfiles,
  traineeSupervisors,
} from '../../db/schema';

export type ConsultationRow = typeof consultationMeetings.$inferSelect;

const monthOfLog = sql<string>`to_char(${experienceLogs.dateOfExperience}, 'YYYY-MM')`;

/** The supervisor's own meetings, newest first (deleted ones kept, hidden). */
export function listConsultations(db: Db, supervisorUserId: number): Promise<ConsultationRow[]> {
  return db
    .select()
    .from(consultationMeetings)
    .where(
      and(
        eq(consultationMeetings.supervisorUserId, supervisorUserId),
        isNull(consultationMeetings.deletedAt),
      ),
    )
    .orderBy(desc(consultationMeetings.metOn), desc(consultationMeetings.id));
}

export async function insertConsultation(
  db: Db,
  values: typeof consultationMeetings.$inferInsert,
): Promise<ConsultationRow> {
  const [row] = await db.insert(consultationMeetings).values(values).returning();
  if (!row) throw new Error('consultation insert returned nothing');
  return row;
}

/** False when it is not the supervisor's own live meeting. */
export async function deleteConsultation(
  db: Db,
  supervisorUserId: number,
  id: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(consultationMeetings)
    .set({ deletedAt: now })
    .where(
      and(
        eq(consultationMeetings.id, id),
        eq(consultationMeetings.supervisorUserId, supervisorUserId),
        isNull(consultationMeetings.deletedAt),
      ),
    )
    .returning({ id: consultationMeetings.id });
  return rows.length === 1;
}

/**
 * The months with logs of any trainee on a record linked to the supervisor. Ended access and
 * removed trainees included: those months were supervised all the same, and only months leave.
 */
export async function supervisedMonths(db: Db, supervisorUserId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ month: monthOfLog })
    .from(experienceLogs)
    .innerJoin(traineeSupervisors, eq(traineeSupervisors.id, experienceLogs.traineeSupervisorId))
    .where(
      and(
        eq(traineeSupervisors.supervisorUserId, supervisorUserId),
        isNull(experienceLogs.deletedAt),
      ),
    );
  return rows.map((row) => row.month);
}

/** The months the trainee logged with each of their records: `recordId → months`. */
export async function loggedMonthsByRecord(
  db: Db,
  traineeId: number,
): Promise<Map<number, string[]>> {
  const rows = await db
    .selectDistinct({ recordId: experienceLogs.traineeSupervisorId, month: monthOfLog })
    .from(experienceLogs)
    .where(and(eq(experienceLogs.traineeId, traineeId), isNull(experienceLogs.deletedAt)));
  const byRecord = new Map<number, string[]>();
  for (const row of rows)
    byRecord.set(row.recordId, [...(byRecord.get(row.recordId) ?? []), row.month]);
  return byRecord;
}

export type QualificationProfile = {
  userId: number;
  certifiedOn: string | null;
  trainingCompletedOn: string | null;
  trainingCertificateKey: string | null;
  trainingCertificateName: string | null;
  trainingCertificateType: string | null;
  consultingSupervisorName: string;
  consultingSupervisorBacbId: string;
  consultationMonths: string[];
};

/** The profiles and consultation months of these supervisor accounts (none for a missing row). */
export async function loadQualificationProfiles(
  db: Db,
  supervisorUserIds: readonly number[],
): Promise<Map<number, QualificationProfile>> {
  const ids = [...new Set(supervisorUserIds)];
  const profiles = new Map<number, QualificationProfile>();
  if (ids.length === 0) return profiles;
  const [rows, meetings] = await Promise.all([
    db.select().from(supervisorProfiles).where(inArray(supervisorProfiles.userId, ids)),
    db
      .selectDistinct({
        userId: consultationMeetings.supervisorUserId,
        month: sql<string>`to_char(${consultationMeetings.metOn}, 'YYYY-MM')`,
      })
      .from(consultationMeetings)
      .where(
        and(
          inArray(consultationMeetings.supervisorUserId, ids),
          isNull(consultationMeetings.deletedAt),
        ),
      ),
  ]);
  for (const id of ids) {
    const row = rows.find((item) => item.userId === id);
    profiles.set(id, {
      userId: id,
      certifiedOn: row?.certifiedOn ?? null,
      trainingCompletedOn: row?.trainingCompletedOn ?? null,
      trainingCertificateKey: row?.trainingCertificateKey ?? null,
      trainingCertificateName: row?.trainingCertificateName ?? null,
      trainingCertificateType: row?.trainingCertificateType ?? null,
      consultingSupervisorName: row?.consultingSupervisorName ?? '',
      consultingSupervisorBacbId: row?.consultingSupervisorBacbId ?? '',
      consultationMonths: meetings.filter((item) => item.userId === id).map((item) => item.month),
    });
  }
  return profiles;
}

/** The trainee's records with a linked (accepted) account, by name. */
export function listLinkedRecords(db: Db, traineeId: number) {
  return db
    .select({
      id: traineeSupervisors.id,
      name: traineeSupervisors.name,
      lastname: traineeSupervisors.lastname,
      supervisorUserId: traineeSupervisors.supervisorUserId,
    })
    .from(traineeSupervisors)
    .where(
      and(
        eq(traineeSupervisors.traineeId, traineeId),
        isNotNull(traineeSupervisors.supervisorUserId),
      ),
    )
    .orderBy(asc(traineeSupervisors.name), asc(traineeSupervisors.id));
}

/** The account behind one of the trainee's records, or null (not theirs, or no account). */
export async function findLinkedAccount(
  db: Db,
  traineeId: number,
  recordId: number,
): Promise<number | null> {
  const [row] = await db
    .select({ supervisorUserId: traineeSupervisors.supervisorUserId })
    .from(traineeSupervisors)
    .where(and(eq(traineeSupervisors.id, recordId), eq(traineeSupervisors.traineeId, traineeId)))
    .limit(1);
  return row?.supervisorUserId ?? null;
}

export type CertificateColumns = {
  trainingCertificateKey: string | null;
  trainingCertificateName: string | null;
  trainingCertificateType: string | null;
};

/** Names the new certificate; returns the key it replaced (to remove from storage), if any. */
export async function replaceCertificate(
  db: Db,
  userId: number,
  values: CertificateColumns,
): Promise<string | null> {
  const [before] = await db
    .select({ key: supervisorProfiles.trainingCertificateKey })
    .from(supervisorProfiles)
    .where(eq(supervisorProfiles.userId, userId))
    .for('update')
    .limit(1);
  // A supervisor who never saved the profile has no row yet: the certificate starts one.
  await db
    .insert(supervisorProfiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: supervisorProfiles.userId, set: values });
  return before?.key ?? null;
}
