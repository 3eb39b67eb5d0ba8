import { monthOutlook, monthPace, type MonthPace } from '../../../shared/at-risk/pace';
import type {
  AtRisk,
  TraineeMonthType,
  TraineeOutlook,
  UnsignedForm,
} from '../../../shared/at-risk/at-risk.schema';
import { daysUntilDeadline, formDeadline } from '../../../shared/progress/deadline';
import {
  isBeforeSwitch,
  switchMonthLine,
  switchSummary,
} from '../../../shared/progress/standards-switch';
import { AppError } from '../../../shared/errors';
import {
  addDays,
  monthOf,
  monthStart,
  roundPercent,
  roundToQuarterHour,
} from '../../../shared/logs/time';
import { todayIn, UTC, wallClockToInstant } from '../../../shared/logs/time-zone';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Db } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { datesOnEarth, todayOf } from '../../clock';
import { findUserById } from '../accounts';
import { listUnsignedForms } from '../forms';
import { adjustMonthRows } from '../../../shared/progress/month-pipeline';
import { monthTotalsByType, readCountingRows, traineeUnderBoth } from '../progress';
import { listLinkedTrainees, assertLinkedTrainee } from '../supervisors';
import { atRiskReminderMail } from './at-risk-emails';
import * as repo from './at-risk.repository';

type Context = { db: Db; actor: Actor; now: Date };

type Totals = Awaited<ReturnType<typeof monthTotalsByType>>;

function typeOutlook(
  { type, totals }: Totals['types'][number],
  ruleSet: Totals['ruleSet'],
  pace: MonthPace,
  structure: string | null = null,
): TraineeMonthType {
  const outlook = monthOutlook(totals, type.id, ruleSet, pace);
  const check = (key: string) => outlook.checks.find((item) => item.key === key);
  const supervision = check('supervision-percent');
  const contacts = check('contacts');
  const observation = check('observation');
  return {
    expereince_type: type.id,
    name: type.name,
    structure,
    hours_so_far: roundToQuarterHour(totals.totalMinutes / 60),
    projected_hours: roundToQuarterHour(outlook.projectedMinutes / 60),
    supervision_percent: roundPercent(supervision?.actual ?? 0),
    supervision_required: supervision?.required ?? 0,
    contacts: totals.contacts,
    contacts_required: contacts?.required ?? null,
    contacts_needed: outlook.stillNeeded.contacts,
    observation: {
      unit: observation?.unit === 'minutes' ? 'minutes' : 'count',
      actual: observation?.actual ?? 0,
      required: observation?.required ?? 0,
      needed: outlook.stillNeeded.observation,
    },
    hours_needed: roundToQuarterHour(outlook.stillNeeded.hours),
    failing_at_pace: outlook.failingAtPace,
  };
}

/** In the trainee's day, by the same totals and checks as their own `validate`. */
async function traineeOutlook(
  db: Db,
  trainee: { id: number; name: string; email: string },
  now: Date,
  remindedToday: boolean,
): Promise<TraineeOutlook> {
  const user = await findUserById(db, trainee.id);
  const today = todayIn(now, user?.timeZone ?? null);
  const totals = await monthTotalsByType({
    db,
    traineeId: trainee.id,
    month: monthOf(today),
    choice: user?.ruleSet,
    today,
  });
  const pace = monthPace(today);
  const months = adjustMonthRows(await readCountingRows(db, trainee.id), totals.ruleSet, today);
  // Each structure meets the month on its own (Handbook "Multiple Settings and/or Supervisors").
  const types = totals.types.flatMap((row) => {
    const forms =
      months.find(
        (item) => item.row.month === monthOf(today) && item.row.experienceTypeId === row.type.id,
      )?.adjusted.forms ?? [];
    if (forms.length < 2) return [typeOutlook(row, totals.ruleSet, pace)];
    return forms.map((form) =>
      typeOutlook({ type: row.type, totals: form.totals }, totals.ruleSet, pace, form.label),
    );
  });
  // Past months with a form unsigned after its deadline, by the rule the dashboard reads.
  const atRisk = months.filter(({ adjusted }) => adjusted.atRiskMinutes > 0);
  // What the 2027 switch changes, in the trainee's own dashboard's words.
  const { comparison } = await traineeUnderBoth(db, trainee.id, today);
  const summary = isBeforeSwitch(today)
    ? switchSummary(comparison, `${trainee.name}'s record`)
    : null;
  return {
    id: trainee.id,
    name: trainee.name,
    email: trainee.email,
    is_at_risk: types.some((type) => type.failing_at_pace.length > 0),
    rule_set: { id: totals.ruleSet.id, label: totals.ruleSet.label },
    types,
    reminded_today: remindedToday,
    hours_at_risk: roundToQuarterHour(
      atRisk.reduce((sum, { adjusted }) => sum + adjusted.atRiskMinutes, 0) / 60,
    ),
    months_at_risk: [...new Set(atRisk.map(({ row }) => row.month))],
    standards_switch: summary
      ? {
          cost_hours: roundToQuarterHour(comparison.costMinutes / 60),
          summary,
          months: comparison.months.map(switchMonthLine),
        }
      : null,
  };
}

const previousMonth = (today: string) => monthOf(addDays(monthStart(today), -1));

/**
 * The previous month's forms of the supervisor's records still unsigned (due at this month's
 * end), each counted in its trainee's day: around midnight, trainees in other zones may be in
 * another month, so each month it is last month somewhere is looked at.
 */
async function unsignedForms(db: Db, supervisorId: number, now: Date): Promise<UnsignedForm[]> {
  const months = [...new Set(datesOnEarth(now).map(previousMonth))];
  const forms: UnsignedForm[] = [];
  for (const month of months) {
    for (const row of await listUnsignedForms(db, month, { supervisorUserId: supervisorId })) {
      const today = todayOf(row.trainee, now);
      if (!row.isSupervising || previousMonth(today) !== month) continue;
      forms.push({
        trainee_id: row.trainee.id,
        trainee_name: row.trainee.name,
        trainee_supervisor: row.traineeSupervisorId,
        month,
        deadline: formDeadline(month),
        days_left: daysUntilDeadline(month, today),
      });
    }
  }
  return forms;
}

/**
 * Each trainee's figures and forms are counted in their day; the month, its days and the
 * reminders in the supervisor's (`timeZone`). The daily digest reads it too.
 */
export async function getAtRisk(ctx: {
  db: Db;
  supervisorId: number;
  timeZone: string | null;
  now: Date;
}): Promise<AtRisk> {
  const today = todayOf(ctx, ctx.now);
  const pace = monthPace(today);
  const linked = (await listLinkedTrainees(ctx.db, ctx.supervisorId)).filter(
    (trainee) => !trainee.isRemoved,
  );
  const reminded = await repo.remindedOn(ctx.db, ctx.supervisorId, today);
  const trainees: TraineeOutlook[] = [];
  for (const trainee of linked) {
    trainees.push(await traineeOutlook(ctx.db, trainee, ctx.now, reminded.has(trainee.id)));
  }
  trainees.sort(
    (a, b) => Number(b.is_at_risk) - Number(a.is_at_risk) || a.name.localeCompare(b.name),
  );
  return {
    month: monthOf(today),
    today,
    days_in_month: pace.daysInMonth,
    days_elapsed: pace.daysElapsed,
    days_left: pace.daysLeft,
    trainees,
    unsigned_forms: await unsignedForms(ctx.db, ctx.supervisorId, ctx.now),
  };
}

/** Seconds from `now` to the supervisor's next day, when another reminder may go. */
function secondsToTomorrow(now: Date, timeZone: string | null): number {
  const tomorrow = addDays(todayIn(now, timeZone), 1);
  return (wallClockToInstant(tomorrow, 0, timeZone ?? UTC).getTime() - now.getTime()) / 1000;
}

/** Once per supervisor and trainee a day (the supervisor's day); a second is a 429. */
export async function remindTrainee(
  ctx: Context & { mailer: Mailer; appUrl: string; traineeId: number },
): Promise<{ msg: string; sent_at: string }> {
  await assertLinkedTrainee(ctx, ctx.traineeId);
  const trainee = await findUserById(ctx.db, ctx.traineeId);
  if (!trainee) throw new AppError('NOT_FOUND', 'Trainee not found');
  const supervisor = await findUserById(ctx.db, ctx.actor.id);
  const outlook = await traineeOutlook(ctx.db, trainee, ctx.now, true);
  const traineeDay = todayOf(trainee, ctx.now);
  // Recorded first: of two clicks at once, one sends. The mail is queued in the outbox (and
  // retried from there), so a recorded reminder is a sent one.
  const isFirstToday = await repo.claimReminder(ctx.db, {
    supervisorUserId: ctx.actor.id,
    traineeId: trainee.id,
    day: todayOf(ctx.actor, ctx.now),
    sentAt: ctx.now,
  });
  if (!isFirstToday) {
    throw AppError.rateLimited(
      `You already sent ${trainee.name} a reminder today. You can send another tomorrow.`,
      secondsToTomorrow(ctx.now, ctx.actor.timeZone),
    );
  }
  await ctx.mailer.send(
    ctx.db,
    atRiskReminderMail({
      trainee: outlook,
      supervisorName: supervisor?.name ?? 'Your supervisor',
      month: monthOf(traineeDay),
      daysLeft: monthPace(traineeDay).daysLeft,
      appUrl: ctx.appUrl,
    }),
  );
  return { msg: `Reminder sent to ${trainee.name}`, sent_at: ctx.now.toISOString() };
}
