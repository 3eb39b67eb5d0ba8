import { AppError } from '../../../shared/errors';
import { formDeadlineStatus } from '../../../shared/progress/deadline';
import { earliestSignature } from '../../../shared/progress/form-hours';
import { paperFormSignedOn } from '../../../shared/forms/paper-form-status';
import type { LogsToReview } from '../../../shared/forms/form-review';
import {
  monthlyFvfFigures,
  type FvfLogRow,
  type MonthlyFvfFigures,
} from '../../../shared/forms/fvf-values';
import type {
  MonthForm,
  MonthFormCreateRequest,
  MonthFormRow,
  MonthFormsAnswer,
} from '../../../shared/forms/month-form.schema';
import { signoffCovering } from '../../../shared/review/month-signoff';
import { minutesToHours, monthOf } from '../../../shared/logs/time';
import type { Db } from '../../db/client';
import { todayOf, traineeToday } from '../../clock';
import { listLiveSignoffs } from '../logs';
import * as supervisorsRepo from '../supervisors';
import { readCountingRows, ruleSetFor } from '../progress';
import { adjustMonthRows } from '../../../shared/progress/month-pipeline';
import { structureMonthsOf } from '../../../shared/progress/structure-month';
import { formSubjects, recordName, subjectOf } from '../../../shared/supervisors/form-subject';
import * as repo from './month-forms.repository';
import { livePaperForms } from './paper/paper-forms.service';
import { NO_MINUTES, sameMinutes, toFormFigures, toMonthForm } from './month-forms.wire';
import {
  listedTrainee,
  loadVisibleForm,
  findLiveOfSubject,
  ownSupervisorRecord,
  recordsVisibleTo,
  subjectOfRecord,
  type FormsContext,
  type FormSubject,
} from './form-access';
import { fillAndKeep } from './form-filling.service';
import { FORMS_MESSAGES } from './forms.messages';
import { attachQualificationFlags } from './form-qualification';

// The month's official form (issue 10 "The official form, filled" and "Deadlines").

/** An organization's figures add up the hours of every supervisor there. */
function subjectFigures(
  logs: readonly FvfLogRow[],
  month: string,
  subjects: readonly FormSubject[],
): Map<string, MonthlyFvfFigures & { subject: FormSubject; byRecord: Map<number, number> }> {
  const result = new Map<
    string,
    MonthlyFvfFigures & { subject: FormSubject; byRecord: Map<number, number> }
  >();
  for (const item of monthlyFvfFigures(logs, month)) {
    const subject = subjectOf(subjects, item.traineeSupervisorId);
    if (!subject) continue;
    const key = `${month}|${subject.key}|${item.experienceTypeId}`;
    const sum = result.get(key);
    if (!sum) {
      result.set(key, {
        ...item,
        subject,
        byRecord: new Map([[item.traineeSupervisorId, item.totalMinutes]]),
      });
      continue;
    }
    sum.independentMinutes += item.independentMinutes;
    sum.supervisedMinutes += item.supervisedMinutes;
    sum.totalMinutes += item.totalMinutes;
    sum.observationMinutes += item.observationMinutes;
    sum.byRecord.set(item.traineeSupervisorId, item.totalMinutes);
  }
  return result;
}

/** The responsible supervisor by default: the subject's record with the most hours that month. */
function busiestRecord(byRecord: Map<number, number>): number {
  return [...byRecord.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? 0;
}

async function loadFormInputs(db: Db, traineeId: number, month?: string) {
  const [logs, forms, records, papers, signoffs] = await Promise.all([
    repo.listLiveLogs(db, traineeId, month),
    repo.listForTrainee(db, traineeId, 'monthly'),
    supervisorsRepo.listForTrainee(db, traineeId),
    livePaperForms(db, traineeId),
    listLiveSignoffs(db, traineeId),
  ]);
  return { logs, forms, records, papers, signoffs };
}

type FormInputs = Awaited<ReturnType<typeof loadFormInputs>>;

function formSlots({ logs, forms, records, papers }: FormInputs) {
  const subjects = formSubjects(records);
  const figures = new Map<
    string,
    ReturnType<typeof subjectFigures> extends Map<string, infer V> ? V : never
  >();
  for (const month of new Set(logs.map((log) => monthOf(log.dateOfExperience)))) {
    for (const [key, item] of subjectFigures(logs, month, subjects)) figures.set(key, item);
  }
  const keyOf = (month: string, recordId: number, type: number) =>
    `${month}|${subjectOf(subjects, recordId)?.key ?? `r${recordId}`}|${type}`;
  const live = new Map(
    forms
      .filter((form) => form.voidedAt === null)
      .map((form) => [keyOf(form.month, form.traineeSupervisorId, form.experienceTypeId), form]),
  );
  const paperOf = new Map(
    papers.map((item) => [keyOf(item.month, item.trainee_supervisor, item.expereince_type), item]),
  );
  // The structure-month's logs still waiting for the supervisor (issues 36, 38: its signature
  // signs the structure's month off, so it waits for them all).
  const structureOf = (month: string, recordId: number) =>
    `${month}|${subjectOf(subjects, recordId)?.key ?? `r${recordId}`}`;
  const waiting = new Map<string, LogsToReview>();
  for (const log of logs) {
    if (log.status === 'approved') continue;
    const key = structureOf(monthOf(log.dateOfExperience), log.traineeSupervisorId);
    const counts = waiting.get(key) ?? { pending: 0, flagged: 0 };
    counts[log.status] += 1;
    waiting.set(key, counts);
  }
  const slots = new Map<
    string,
    { month: string; recordId: number; type: number; organization: string }
  >();
  for (const [key, item] of figures) {
    slots.set(key, {
      month: item.month,
      recordId: busiestRecord(item.byRecord),
      type: item.experienceTypeId,
      organization: item.subject.organization,
    });
  }
  for (const [key, form] of live) {
    slots.set(key, {
      month: form.month,
      recordId: form.traineeSupervisorId,
      type: form.experienceTypeId,
      organization: form.organization,
    });
  }
  return [...slots].map(([key, slot]) => ({
    ...slot,
    figures: figures.get(key),
    form: live.get(key),
    paperForm: paperOf.get(key) ?? null,
    logsWaiting: waiting.get(structureOf(slot.month, slot.recordId)) ?? { pending: 0, flagged: 0 },
  }));
}

/** At an organization, the responsible record only: what the reminders and at-risk list name. */
export async function unsignedFormSigners(
  db: Db,
  traineeId: number,
  month: string,
): Promise<Set<number>> {
  const slots = formSlots(await loadFormInputs(db, traineeId, month));
  return new Set(
    slots
      .filter(
        (slot) =>
          slot.month === month &&
          slot.figures !== undefined &&
          earliestSignature([slot.form?.completedOn, paperFormSignedOn(slot.paperForm)]) === null,
      )
      .map((slot) => slot.recordId),
  );
}

export async function listMonthForms(
  ctx: FormsContext & { traineeId: number | undefined },
): Promise<MonthFormsAnswer> {
  const traineeId = await listedTrainee(ctx, ctx.traineeId);
  const today = await traineeToday(ctx.db, traineeId, ctx.now, ctx.actor);
  const [inputs, counting, ruleSet] = await Promise.all([
    loadFormInputs(ctx.db, traineeId),
    readCountingRows(ctx.db, traineeId),
    ruleSetFor(ctx.db, traineeId, ctx.now),
  ]);
  const { forms, records, signoffs } = inputs;
  const subjects = formSubjects(records);
  const judgements = new Map(
    adjustMonthRows(counting, ruleSet, today).flatMap(({ row, adjusted }) =>
      structureMonthsOf(row.month, adjusted).map((item) => [
        `${row.month}|${item.key}|${item.expereince_type}`,
        item,
      ]),
    ),
  );
  const judgementOf = (month: string, recordId: number, type: number) =>
    judgements.get(`${month}|${subjectOf(subjects, recordId)?.key ?? `r${recordId}`}|${type}`) ??
    null;
  const visible = recordsVisibleTo(ctx.actor, records);
  const names = new Map(records.map((record) => [record.id, recordName(record)]));

  const results: MonthFormRow[] = [];
  for (const { figures, form, paperForm, logsWaiting, ...row } of formSlots(inputs)) {
    if (!visible(row.recordId)) continue;
    const signoff = signoffCovering(signoffs, records, {
      month: row.month,
      traineeSupervisorId: row.recordId,
    });
    const now = figures ?? NO_MINUTES;
    // Signed in the app or on paper: the earliest signature is what the deadline judges.
    const signedOn = earliestSignature([form?.completedOn, paperFormSignedOn(paperForm)]);
    const status = formDeadlineStatus({ month: row.month, signedOn, today });
    results.push({
      month: row.month,
      trainee_supervisor: row.recordId,
      supervisor_name: names.get(row.recordId) ?? '',
      organization: row.organization,
      expereince_type: row.type,
      figures: toFormFigures(now),
      state: status.state,
      deadline: status.deadline,
      days_remaining: status.daysRemaining,
      is_month_over: row.month < monthOf(today),
      // A signed form too: the logs changed after it was signed (issue 36), for both to see.
      is_outdated: form !== undefined && !sameMinutes(form, now),
      logs_waiting: logsWaiting,
      signed_off: signoff
        ? { signed_at: signoff.signedAt.toISOString(), signed_by: signoff.signedBy }
        : null,
      form: form ? await toMonthForm(ctx.storage, form) : null,
      paper_form: paperForm,
      signed_on: signedOn,
      lost_hours: status.state === 'signed-late' ? minutesToHours(now.totalMinutes) : 0,
      at_risk_hours: status.state === 'overdue' ? minutesToHours(now.totalMinutes) : 0,
      judgement: judgementOf(row.month, row.recordId, row.type),
      qualification_flags: [],
    });
  }
  await attachQualificationFlags(ctx.db, results, records, (row) => [row.month]);
  results.sort(
    (a, b) =>
      b.month.localeCompare(a.month) ||
      a.supervisor_name.localeCompare(b.supervisor_name) ||
      a.trainee_supervisor - b.trainee_supervisor ||
      a.expereince_type - b.expereince_type,
  );
  // Overdue first (their hours are at risk), oldest deadline first; then those still due, the
  // soonest first (issue 36: the card listed November while 934 h sat at risk before it).
  const byDeadline = (a: MonthFormRow, b: MonthFormRow) => a.deadline.localeCompare(b.deadline);
  const formsDue = [
    ...results.filter((row) => row.state === 'overdue').sort(byDeadline),
    ...results.filter((row) => row.state === 'open' && row.is_month_over).sort(byDeadline),
  ];
  const voided = await Promise.all(
    forms
      .filter((form) => form.voidedAt !== null && visible(form.traineeSupervisorId))
      .map((form) => toMonthForm(ctx.storage, form)),
  );
  return { today, results, forms_due: formsDue, voided };
}

export async function getMonthForm(ctx: FormsContext & { id: number }): Promise<MonthForm> {
  return toMonthForm(ctx.storage, await loadVisibleForm(ctx, ctx.id, 'monthly', 'read'));
}

export async function currentFigures(
  db: Db,
  key: { traineeId: number; month: string; recordIds: readonly number[]; experienceTypeId: number },
): Promise<MonthlyFvfFigures | undefined> {
  const logs = await repo.listLiveLogs(db, key.traineeId, key.month);
  const theirs = monthlyFvfFigures(logs, key.month).filter(
    (item) =>
      key.recordIds.includes(item.traineeSupervisorId) &&
      item.experienceTypeId === key.experienceTypeId,
  );
  const [first] = theirs;
  if (!first) return undefined;
  return theirs.slice(1).reduce(
    (sum, item) => ({
      ...sum,
      independentMinutes: sum.independentMinutes + item.independentMinutes,
      supervisedMinutes: sum.supervisedMinutes + item.supervisedMinutes,
      totalMinutes: sum.totalMinutes + item.totalMinutes,
      observationMinutes: sum.observationMinutes + item.observationMinutes,
    }),
    first,
  );
}

/** A complete form is final until the month is reopened. */
export async function createMonthForm(
  ctx: FormsContext & { input: MonthFormCreateRequest },
): Promise<MonthForm> {
  const { db, actor, input } = ctx;
  const today = todayOf(actor, ctx.now);
  const record = await ownSupervisorRecord(ctx, input.trainee_supervisor);
  if (input.month >= monthOf(today)) {
    throw new AppError('FORM_MONTH_NOT_OVER', FORMS_MESSAGES.month.monthNotOver);
  }
  const subject = await subjectOfRecord(db, actor.id, record.id);
  const figures = await currentFigures(db, {
    traineeId: actor.id,
    month: input.month,
    recordIds: subject.records.map((item) => item.id),
    experienceTypeId: input.expereince_type,
  });
  if (!figures) throw new AppError('FORM_NO_HOURS', FORMS_MESSAGES.month.noHours(input.month));
  const existing = await findLiveOfSubject(db, subject, [
    { month: input.month, experienceTypeId: input.expereince_type },
  ]);
  const id = await fillAndKeep({
    ...ctx,
    record,
    subject,
    listed: subject.records,
    figures: { ...figures, traineeSupervisorId: record.id },
    kept: figures,
    isProrated: input.prorated ?? false,
    existing: existing ? [existing] : [],
    completeMessage: FORMS_MESSAGES.month.complete,
  });
  return getMonthForm({ ...ctx, id });
}
