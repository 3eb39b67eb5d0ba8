import { REQUIRED } from '../../../shared/wire/primitives';
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { isoWeekOf } from '../../../shared/agenda/agenda-week';
import {
  MonthlyDocumentSchema,
  type MonthlyDocumentDetail,
  type MonthlyDocumentPostSchema,
  type MonthlyDocumentRecord,
} from '../../../shared/agenda/agenda.schema';
import { formatMonthYear, monthEnd, monthOf, monthStart } from '../../../shared/logs/time';
import type { Db } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { getAccrued } from '../progress';
import { assertLinkedTrainee } from '../supervisors';
import * as repo from './agenda.repository';

type Context = { db: Db; actor: Actor; now: Date };

const NOT_FOUND = () => new AppError('NOT_FOUND', 'Agenda not found');
/** `supervisor` names a record that is not the writer's in this trainee's list. */
export const NOT_YOUR_RECORD = 'Choose the record of you in the trainee’s supervisor list.';

/** A trainee's own (another id is not found); a supervisor's for a linked trainee (u_id). */
async function scopeOf(ctx: Context, traineeId: number | undefined): Promise<repo.AgendaScope> {
  if (!ctx.actor.isSupervisor) {
    if (traineeId !== undefined && traineeId !== ctx.actor.id) throw NOT_FOUND();
    return { traineeId: ctx.actor.id };
  }
  if (traineeId === undefined) throw AppError.field('u_id', REQUIRED);
  await assertLinkedTrainee(ctx, traineeId);
  return { traineeId, writerId: ctx.actor.id };
}

async function loadVisible(ctx: Context, id: number): Promise<repo.MonthlyDocumentRecord> {
  let scope: repo.AgendaScope = { traineeId: ctx.actor.id };
  if (ctx.actor.isSupervisor) {
    const traineeId = await repo.findTraineeOfWriter(ctx.db, ctx.actor.id, id);
    if (traineeId === undefined) throw NOT_FOUND();
    await assertLinkedTrainee(ctx, traineeId);
    scope = { traineeId, writerId: ctx.actor.id };
  }
  const found = await repo.find(ctx.db, scope, id);
  if (!found) throw NOT_FOUND();
  return found;
}

/** The stored document, read back through the schema it was written with. */
const storedDocument = (record: repo.MonthlyDocumentRecord) =>
  MonthlyDocumentSchema.parse(record.document);

function toWire(record: repo.MonthlyDocumentRecord): MonthlyDocumentRecord {
  const { accruedData: _notStored, ...document } = storedDocument(record);
  return {
    ...document,
    id: record.id,
    supervisor: record.traineeSupervisorId,
    supervisor_name: record.supervisorName,
    iso_week: isoWeekOf(record.date),
    created_at: record.createdAt.toISOString(),
    updated_at: record.updatedAt.toISOString(),
  };
}

/** `supervisor` must be the trainee's record of the writer. Accrued figures sent are not kept. */
export async function writeAgenda(
  ctx: Context & { input: z.output<typeof MonthlyDocumentPostSchema> },
): Promise<{ id: number; isNew: boolean }> {
  const { u_id: traineeId, supervisor, accruedData: _computedWhenRead, ...fields } = ctx.input;
  await assertLinkedTrainee(ctx, traineeId);
  const records = await repo.recordsOfSupervisor(ctx.db, traineeId, ctx.actor.id);
  const record = supervisor ?? records[0];
  if (record === undefined || !records.includes(record)) {
    throw AppError.field('supervisor', NOT_YOUR_RECORD);
  }
  return repo.upsert(ctx.db, {
    traineeId,
    supervisorUserId: ctx.actor.id,
    traineeSupervisorId: record,
    date: fields.date,
    document: { ...fields, supervisor: record },
    now: ctx.now,
  });
}

export async function listAgendas(
  ctx: Context & {
    traineeId: number | undefined;
    range: { from?: string | undefined; to?: string | undefined };
  },
): Promise<MonthlyDocumentRecord[]> {
  const { from, to } = ctx.range;
  if (from && to && from > to) {
    throw AppError.field('start_date', 'The start date must be on or before the end date');
  }
  const scope = await scopeOf(ctx, ctx.traineeId);
  return (await repo.list(ctx.db, scope, ctx.range)).map(toWire);
}

/** The two accrued tables of an agenda: all time, and its whole month. */
async function accruedFor(ctx: Context, record: repo.MonthlyDocumentRecord) {
  const { total, weekly } = await getAccrued({
    db: ctx.db,
    traineeId: record.traineeId,
    range: { from: monthStart(record.date), to: monthEnd(record.date) },
    now: ctx.now,
    asker: ctx.actor,
  });
  return { total, weekly };
}

export async function getAgenda(ctx: Context & { id: number }): Promise<MonthlyDocumentDetail> {
  const record = await loadVisible(ctx, ctx.id);
  return {
    ...toWire(record),
    accruedData: await accruedFor(ctx, record),
    month_label: formatMonthYear(monthOf(record.date)),
  };
}

/** The agenda as a vector A4 PDF, drawn on the server, and the name to save it under. */
export async function agendaPdf(
  ctx: Context & { id: number },
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const record = await loadVisible(ctx, ctx.id);
  // pdf-lib and fontkit load with the first agenda asked for, not at start (decision 014).
  const { agendaFileName, renderAgendaPdf } = await import('./agenda-pdf');
  const bytes = await renderAgendaPdf({
    document: storedDocument(record),
    supervisorName: record.supervisorName,
    accrued: await accruedFor(ctx, record),
    monthLabel: formatMonthYear(monthOf(record.date)),
    generatedAt: ctx.now,
  });
  return { bytes, fileName: agendaFileName(ctx.now) };
}
