import {
  daysUntilDeadline,
  formDeadline,
  isReminderDay,
} from '../../../../shared/progress/deadline';
import { addDays, monthOf, monthStart } from '../../../../shared/logs/time';
import type { Mailer } from '../../../adapters/mail/mailer';
import type { Db } from '../../../db/client';
import { datesOnEarth, todayOf, type Zoned } from '../../../clock';
import { formReminderMail } from '../forms-emails';
import * as repo from './reminders.repository';
import { organizationKey } from '../../../../shared/supervisors/form-subject';
import { unsignedFormSigners } from '../month-forms.service';
import { readStartFacts } from '../../progress';

/** How often each instance looks for forms to remind about (each mail goes once a day at most). */
export const REMINDER_INTERVAL_MINUTES = 60;

/**
 * At an organization, only the responsible record: nobody is asked for a signature not theirs.
 * Under the start-of-fieldwork rule (issue 39), only a form with hours that may count: a month
 * whose hours all come before its contract (or the first class) has no form to sign.
 */
export async function listUnsignedForms(
  db: Db,
  month: string,
  scope: { supervisorUserId?: number } = {},
) {
  const rows = await repo.listUnsignedMonths(db, month, scope);
  const signers = new Map<number, Set<number>>();
  const underStartRule = new Map<number, boolean>();
  const kept: typeof rows = [];
  for (const row of rows) {
    let isUnderStartRule = underStartRule.get(row.trainee.id);
    if (isUnderStartRule === undefined) {
      isUnderStartRule = (await readStartFacts(db, row.trainee.id)).intervals.length > 0;
      underStartRule.set(row.trainee.id, isUnderStartRule);
    }
    // A record of its own signs its own form, when it has one; organizations sign once.
    if (organizationKey(row.organization) !== '' || isUnderStartRule) {
      let ofTrainee = signers.get(row.trainee.id);
      if (!ofTrainee) {
        ofTrainee = await unsignedFormSigners(db, row.trainee.id, month);
        signers.set(row.trainee.id, ofTrainee);
      }
      if (!ofTrainee.has(row.traineeSupervisorId)) continue;
    }
    kept.push(row);
  }
  return kept;
}

/**
 * 10 and 3 days before a month's M-FVF deadline (`isReminderDay`), on each person's own day
 * (their zone's); each mail is claimed in the database first, so instances and reruns send it once.
 */
export async function sendFormReminders(ctx: {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  now: Date;
}): Promise<number> {
  let sent = 0;
  for (const today of datesOnEarth(ctx.now)) {
    sent += await remindOn(ctx, today);
  }
  return sent;
}

async function remindOn(
  ctx: { db: Db; mailer: Mailer; appUrl: string; now: Date },
  today: string,
): Promise<number> {
  // Only the month before this one can have its deadline (the end of this month) 10 days away.
  const month = monthOf(addDays(monthStart(today), -1));
  if (!isReminderDay(month, today)) return 0;
  const daysBefore = daysUntilDeadline(month, today);
  const deadline = formDeadline(month);
  const isTheirDay = (person: Zoned) => todayOf(person, ctx.now) === today;
  let sent = 0;
  for (const row of await listUnsignedForms(ctx.db, month)) {
    const claim = (tx: Db, recipient: 'trainee' | 'supervisor') =>
      repo.claimReminder(tx, {
        traineeSupervisorId: row.traineeSupervisorId,
        month,
        recipient,
        daysBefore,
        sentAt: ctx.now,
      });
    const common = { month, deadline, daysLeft: daysBefore };
    const toTrainee =
      isTheirDay(row.trainee) &&
      (await ctx.mailer.sendClaimed(ctx.db, async (tx) =>
        (await claim(tx, 'trainee'))
          ? formReminderMail({
              ...common,
              to: row.trainee.email,
              name: row.trainee.name,
              recipient: 'trainee',
              otherName: row.supervisorName,
              link: `${ctx.appUrl}/student/upload`,
            })
          : null,
      ));
    if (toTrainee) sent += 1;
    // A supervisor without an account, who removed the trainee or whose access ended, is not mailed.
    const { supervisor } = row;
    if (!supervisor?.isVerified || !row.isSupervising || !isTheirDay(supervisor)) continue;
    const toSupervisor = await ctx.mailer.sendClaimed(ctx.db, async (tx) =>
      (await claim(tx, 'supervisor'))
        ? formReminderMail({
            ...common,
            to: supervisor.email,
            name: supervisor.name,
            recipient: 'supervisor',
            otherName: row.trainee.name,
            link: `${ctx.appUrl}/supervisor/trainees/${row.trainee.id}`,
          })
        : null,
    );
    if (toSupervisor) sent += 1;
  }
  return sent;
}
