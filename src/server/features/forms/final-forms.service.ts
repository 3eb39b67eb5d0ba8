import { AppError } from '../../../shared/errors';
import type {
  FinalForm,
  FinalFormCreateRequest,
  FinalFormRow,
  FinalFormsAnswer,
} from '../../../shared/forms/final-form.schema';
import type { FvfLogRow } from '../../../shared/forms/fvf-values';
import {
  experiencePeriods,
  experienceRows,
  periodBreak,
  type ExperiencePeriod,
} from '../../../shared/forms/experience-periods';
import { addDays, monthOf, monthStart } from '../../../shared/logs/time';
import { todayOf, traineeToday } from '../../clock';
import * as supervisorsRepo from '../supervisors';
import { formSubjects, recordName } from '../../../shared/supervisors/form-subject';
import * as repo from './month-forms.repository';
import { toFinalForm, toFormFigures } from './month-forms.wire';
import {
  listedTrainee,
  loadVisibleForm,
  ownSupervisorRecord,
  recordsVisibleTo,
  subjectOfRecord,
  type FormsContext,
} from './form-access';
import { fillAndKeep } from './form-filling.service';
import { adjustmentsOf, countingFor, figuresOf, showsFinalFigures } from './final-form-figures';
import { FORMS_MESSAGES } from './forms.messages';
import { attachQualificationFlags } from './form-qualification';
import { monthsBetween } from '../../../shared/forms/final-fvf';

// The F-FVF (issues 10, 26, 38; decision 013): one per supervision experience of a supervisor, or
// of an organization listing every supervisor there, over whole months that are over; signed by
// the responsible supervisor alone.

const lastMonthOver = (today: string) => monthOf(addDays(monthStart(today), -1));

const monthsWithHours = (logs: readonly FvfLogRow[], recordIds: readonly number[]) =>
  logs
    .filter((log) => recordIds.includes(log.traineeSupervisorId))
    .map((log) => monthOf(log.dateOfExperience));

/** A subject's experiences (experience-periods.ts), each with the live F-FVFs on it. */
function subjectRows(
  logs: readonly FvfLogRow[],
  forms: readonly repo.MonthFormRecord[],
  recordIds: readonly number[],
  today: string,
) {
  const live = forms
    .filter((form) => form.voidedAt === null && recordIds.includes(form.traineeSupervisorId))
    .map((form) => ({ form, fromMonth: form.fromMonth ?? form.month, toMonth: form.month }));
  const experiences = experiencePeriods(monthsWithHours(logs, recordIds), monthOf(today));
  return experienceRows(experiences, live).map((row) => ({
    experience: row.experience,
    forms: row.forms.map((item) => item.form).sort((a, b) => b.id - a.id),
  }));
}

const overlaps = (
  form: { fromMonth: string | null; toMonth: string },
  experience: Pick<ExperiencePeriod, 'firstMonth' | 'lastMonth'>,
) =>
  (form.fromMonth ?? form.toMonth) <= experience.lastMonth && form.toMonth >= experience.firstMonth;

/**
 * One row per supervision experience of each subject (issue 38): its period is the live form's,
 * else its first month with hours to its last one over.
 */
export async function listFinalForms(
  ctx: FormsContext & { traineeId: number | undefined },
): Promise<FinalFormsAnswer> {
  const traineeId = await listedTrainee(ctx, ctx.traineeId);
  const today = await traineeToday(ctx.db, traineeId, ctx.now, ctx.actor);
  const [{ logs, counting }, forms, records] = await Promise.all([
    countingFor(ctx.db, traineeId, ctx.now),
    repo.listForTrainee(ctx.db, traineeId, 'final'),
    supervisorsRepo.listForTrainee(ctx.db, traineeId),
  ]);
  const visible = recordsVisibleTo(ctx.actor, records);

  const results: FinalFormRow[] = [];
  for (const subject of formSubjects(records)) {
    const ids = subject.records.map((record) => record.id);
    for (const { experience, forms: onIt } of subjectRows(logs, forms, ids, today)) {
      const [form] = onIt;
      const theirs = logs.filter((log) => {
        const month = monthOf(log.dateOfExperience);
        return (
          ids.includes(log.traineeSupervisorId) &&
          experience !== null &&
          month >= experience.firstMonth &&
          month <= experience.lastMonth
        );
      });
      // The responsible supervisor: the live form's, else the one with the most logs.
      const responsible =
        form?.traineeSupervisorId ??
        busiest(
          theirs.map((log) => log.traineeSupervisorId),
          ids,
        );
      if (!visible(responsible)) continue;
      const firstMonth = experience?.firstMonth ?? form?.fromMonth ?? form?.month ?? '';
      const lastMonth = experience?.lastMonthOver ?? null;
      const period = {
        recordIds: ids,
        fromMonth: form?.fromMonth ?? firstMonth,
        toMonth: form?.month ?? lastMonth ?? firstMonth,
      };
      const { months, kept } = figuresOf(logs, period, counting);
      const record = records.find((item) => item.id === responsible);
      results.push({
        trainee_supervisor: responsible,
        supervisor_name: record ? recordName(record) : '',
        organization: subject.organization,
        expereince_type: kept.experienceTypeId,
        first_month: firstMonth,
        last_month: lastMonth,
        from_month: period.fromMonth,
        to_month: period.toMonth,
        figures: toFormFigures(kept),
        months: kept.monthsCounted,
        adjustments: adjustmentsOf(months),
        is_period_over: lastMonth !== null,
        is_outdated:
          form !== undefined && form.completedOn === null && !showsFinalFigures(form, kept),
        form: form ? await toFinalForm(ctx.storage, form) : null,
        qualification_flags: [],
      });
    }
  }
  await attachQualificationFlags(ctx.db, results, records, (row) =>
    monthsBetween(row.from_month, row.to_month),
  );
  results.sort(
    (a, b) =>
      a.supervisor_name.localeCompare(b.supervisor_name) ||
      a.trainee_supervisor - b.trainee_supervisor ||
      a.first_month.localeCompare(b.first_month),
  );
  const voided = await Promise.all(
    forms
      .filter((form) => form.voidedAt !== null && visible(form.traineeSupervisorId))
      .map((form) => toFinalForm(ctx.storage, form)),
  );
  return { today, results, voided };
}

function busiest(named: readonly number[], ids: readonly number[]): number {
  const counts = ids.map((id) => [id, named.filter((item) => item === id).length] as const);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? ids[0] ?? 0;
}

export async function getFinalForm(ctx: FormsContext & { id: number }): Promise<FinalForm> {
  return toFinalForm(ctx.storage, await loadVisibleForm(ctx, ctx.id, 'final', 'read'));
}

export async function createFinalForm(
  ctx: FormsContext & { input: FinalFormCreateRequest },
): Promise<FinalForm> {
  const { db, actor, input } = ctx;
  const record = await ownSupervisorRecord(ctx, input.trainee_supervisor);
  const today = todayOf(actor, ctx.now);
  if (input.to_month > lastMonthOver(today)) {
    throw new AppError('FORM_MONTH_NOT_OVER', FORMS_MESSAGES.final.periodNotOver);
  }
  const subject = await subjectOfRecord(db, actor.id, record.id);
  const recordIds = subject.records.map((item) => item.id);
  const [{ logs, counting }, forms] = await Promise.all([
    countingFor(db, actor.id, ctx.now),
    repo.listForTrainee(db, actor.id, 'final'),
  ]);
  const period = { fromMonth: input.from_month, toMonth: input.to_month };
  const gap = periodBreak(monthsWithHours(logs, recordIds), period.fromMonth, period.toMonth);
  if (gap) {
    const withWhom = subject.organization || recordName(record);
    throw new AppError('FORM_PERIOD_BREAK', FORMS_MESSAGES.final.periodBreak(withWhom, gap));
  }
  const now = figuresOf(logs, { recordIds, ...period }, counting);
  if (now.kept.totalMinutes === 0) {
    throw new AppError(
      'FORM_NO_HOURS',
      FORMS_MESSAGES.final.noHours(input.from_month, input.to_month),
    );
  }
  // The experience the period falls in, and the live forms on it: the new form replaces them.
  const row = subjectRows(logs, forms, recordIds, today).find(
    ({ experience }) =>
      experience !== null &&
      experience.firstMonth <= period.fromMonth &&
      period.toMonth <= experience.lastMonth,
  );
  const span = row?.experience ?? { firstMonth: period.fromMonth, lastMonth: period.toMonth };
  const existing = row?.forms ?? [];
  const withHours = new Set(
    now.months
      .filter((month) => month.logged.totalMinutes > 0)
      .map((month) => month.logged.traineeSupervisorId),
  );
  const id = await fillAndKeep({
    ...ctx,
    record,
    subject,
    listed: subject.records.filter((item) => withHours.has(item.id)),
    figures: { period, columns: now.columns },
    kept: now.kept,
    isProrated: input.prorated ?? false,
    existing,
    claim: async (tx) => {
      const onIt = (await repo.lockLiveFinals(tx, recordIds)).filter((form) =>
        overlaps(form, span),
      );
      const expected = new Set(existing.map((form) => form.id));
      if (onIt.length !== expected.size || onIt.some((form) => !expected.has(form.id))) {
        throw new AppError('CONFLICT', FORMS_MESSAGES.fill.filledMeanwhile);
      }
    },
    completeMessage: FORMS_MESSAGES.final.complete,
  });
  return getFinalForm({ ...ctx, id });
}
