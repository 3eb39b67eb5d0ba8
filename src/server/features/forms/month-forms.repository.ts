import { and, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FvfLogRow } from '../../../shared/forms/fvf-values';
import type { LogStatus } from '../../../shared/logs/log-entry.schema';
import { monthEnd, monthStart } from '../../../shared/logs/time';
import type { Db } from '../../db/client';
import { experienceLogs, monthForms, paperForms, traineeSupervisors } from '../../db/schema';
import { formSignedOn, logStartCause, readStartFacts } from '../progress';

/** An Organization form signed with another supervisor of the organization covers it too. */
export function noSignedMonthlyForm(form: {
  traineeSupervisorId: unknown;
  month: unknown;
  experienceTypeId: unknown;
}): SQL {
  return sql`${formSignedOn(form)} is null`;
}

export type MonthFormRow = typeof monthForms.$inferSelect;
/** 'monthly' (M-FVF) or 'final' (F-FVF): the two official forms share this table (decision 013). */
export type FormKind = MonthFormRow['kind'];
export type MonthFormRecord = MonthFormRow & {
  supervisorName: string;
  /** The supervisor account linked to the record, if any: the one who signs. */
  supervisorUserId: number | null;
};

export type FormLogRow = FvfLogRow & { status: LogStatus };

/**
 * Every status, as the monthly checks and the dashboard count them: a form never disagrees. Logs
 * dated where they may not count at all (before the structure's contract, after its end, before
 * the first class: issue 39) are not fieldwork, so no form reports them.
 */
export async function listLiveLogs(
  db: Db,
  traineeId: number,
  month?: string,
): Promise<FormLogRow[]> {
  const { intervals } = await readStartFacts(db, traineeId);
  return db
    .select({
      traineeSupervisorId: experienceLogs.traineeSupervisorId,
      status: experienceLogs.status,
      dateOfExperience: experienceLogs.dateOfExperience,
      experienceTypeId: experienceLogs.experienceTypeId,
      experienceMinutes: experienceLogs.experienceMinutes,
      supervisedMinutes: experienceLogs.supervisedMinutes,
      unrestrictedMinutes: experienceLogs.unrestrictedMinutes,
      individualOrGroup: experienceLogs.individualOrGroup,
      clientObservation: experienceLogs.clientObservation,
      observationMinutes: experienceLogs.observationMinutes,
      supervisionContactId: experienceLogs.supervisionContactId,
    })
    .from(experienceLogs)
    .where(
      and(
        eq(experienceLogs.traineeId, traineeId),
        isNull(experienceLogs.deletedAt),
        month ? gte(experienceLogs.dateOfExperience, monthStart(month)) : undefined,
        month ? lte(experienceLogs.dateOfExperience, monthEnd(month)) : undefined,
        intervals.length > 0 ? sql`${logStartCause(intervals)} is null` : undefined,
      ),
    );
}

function selectRecords(db: Db) {
  return db
    .select({
      form: monthForms,
      name: traineeSupervisors.name,
      lastname: traineeSupervisors.lastname,
      supervisorUserId: traineeSupervisors.supervisorUserId,
    })
    .from(monthForms)
    .innerJoin(traineeSupervisors, eq(traineeSupervisors.id, monthForms.traineeSupervisorId));
}

function toRecord(row: {
  form: MonthFormRow;
  name: string;
  lastname: string;
  supervisorUserId: number | null;
}): MonthFormRecord {
  return {
    ...row.form,
    supervisorName: [row.name, row.lastname].filter(Boolean).join(' '),
    supervisorUserId: row.supervisorUserId,
  };
}

export async function listForTrainee(
  db: Db,
  traineeId: number,
  kind: FormKind,
): Promise<MonthFormRecord[]> {
  const rows = await selectRecords(db)
    .where(and(eq(monthForms.traineeId, traineeId), eq(monthForms.kind, kind)))
    .orderBy(desc(monthForms.month), desc(monthForms.createdAt), desc(monthForms.id));
  return rows.map(toRecord);
}

/** A form by id alone: the caller checks who may see it. */
export async function findById(db: Db, id: number): Promise<MonthFormRecord | undefined> {
  const [row] = await selectRecords(db).where(eq(monthForms.id, id)).limit(1);
  return row ? toRecord(row) : undefined;
}

export async function findLive(
  db: Db,
  key: { traineeSupervisorId: number; month: string; experienceTypeId: number },
): Promise<MonthFormRow | undefined> {
  const [row] = await db
    .select()
    .from(monthForms)
    .where(
      and(
        eq(monthForms.traineeSupervisorId, key.traineeSupervisorId),
        eq(monthForms.kind, 'monthly'),
        eq(monthForms.month, key.month),
        eq(monthForms.experienceTypeId, key.experienceTypeId),
        isNull(monthForms.voidedAt),
      ),
    )
    .limit(1);
  return row;
}

/**
 * The live F-FVFs of a subject's records, their rows locked until the transaction ends: no
 * unique index can say two periods do not overlap, so fills of one subject take turns.
 */
export async function lockLiveFinals(
  db: Db,
  recordIds: readonly number[],
): Promise<{ id: number; fromMonth: string | null; toMonth: string }[]> {
  await db
    .select({ id: traineeSupervisors.id })
    .from(traineeSupervisors)
    .where(inArray(traineeSupervisors.id, [...recordIds]))
    .orderBy(traineeSupervisors.id)
    .for('no key update');
  return db
    .select({ id: monthForms.id, fromMonth: monthForms.fromMonth, toMonth: monthForms.month })
    .from(monthForms)
    .where(
      and(
        inArray(monthForms.traineeSupervisorId, [...recordIds]),
        eq(monthForms.kind, 'final'),
        isNull(monthForms.voidedAt),
      ),
    );
}

export type NewMonthForm = Omit<
  typeof monthForms.$inferInsert,
  'id' | 'updatedAt' | 'voidedAt' | 'voidedBy'
>;

export async function insert(db: Db, values: NewMonthForm): Promise<number> {
  const [row] = await db
    .insert(monthForms)
    .values({ ...values, updatedAt: values.createdAt })
    .returning({ id: monthForms.id });
  if (!row) throw new Error('month form insert returned nothing');
  return row.id;
}

export async function voidIncomplete(db: Db, id: number, by: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(monthForms)
    .set({ voidedAt: now, voidedBy: by, updatedAt: now })
    .where(and(eq(monthForms.id, id), isNull(monthForms.voidedAt), isNull(monthForms.completedOn)))
    .returning({ id: monthForms.id });
  return rows.length === 1;
}

/**
 * A paper form verified logs that may now change too (issue 36). `recordIds`: the reopened
 * structure's records (issue 38), so an Organization form, which adds up all of them, goes too.
 */
export async function voidMonth(
  db: Db,
  values: { traineeId: number; month: string; recordIds: readonly number[]; by: number; now: Date },
): Promise<number> {
  const covered = (recordColumn: AnyPgColumn) => inArray(recordColumn, [...values.recordIds]);
  const rows = await db
    .update(monthForms)
    .set({ voidedAt: values.now, voidedBy: values.by, updatedAt: values.now })
    .where(
      and(
        eq(monthForms.traineeId, values.traineeId),
        isNull(monthForms.voidedAt),
        covered(monthForms.traineeSupervisorId),
        or(
          and(eq(monthForms.kind, 'monthly'), eq(monthForms.month, values.month)),
          and(
            eq(monthForms.kind, 'final'),
            lte(monthForms.fromMonth, values.month),
            gte(monthForms.month, values.month),
          ),
        ),
      ),
    )
    .returning({ id: monthForms.id });
  const papers = await db
    .update(paperForms)
    .set({ voidedAt: values.now, voidedBy: values.by })
    .where(
      and(
        eq(paperForms.traineeId, values.traineeId),
        eq(paperForms.month, values.month),
        isNull(paperForms.deletedAt),
        isNull(paperForms.voidedAt),
        covered(paperForms.traineeSupervisorId),
      ),
    )
    .returning({ id: paperForms.id });
  return rows.length + papers.length;
}

export type SignatureValues = Partial<
  Pick<
    MonthFormRow,
    | 'traineeSignedAt'
    | 'traineeSignedName'
    | 'traineeSignedOn'
    | 'supervisorSignedAt'
    | 'supervisorSignedName'
    | 'supervisorSignedOn'
    | 'supervisorSignedBy'
    | 'completedOn'
    | 'recordFileId'
  >
> & { storageKey: string; updatedAt: Date };

/** Only while still the PDF the signer signed (`expectedKey`): two signatures cannot both win. */
export async function recordSignature(
  db: Db,
  id: number,
  expectedKey: string,
  values: SignatureValues,
): Promise<boolean> {
  const rows = await db
    .update(monthForms)
    .set(values)
    .where(
      and(
        eq(monthForms.id, id),
        eq(monthForms.storageKey, expectedKey),
        isNull(monthForms.voidedAt),
      ),
    )
    .returning({ id: monthForms.id });
  return rows.length === 1;
}
