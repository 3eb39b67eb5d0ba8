import { RULE_SETS, RULES_2027_FROM } from '../../../shared/logs/rule-sets';
import type { StandardsInForce } from '../../../shared/logs/standards-in-force';
import { formatUsDate } from '../../../shared/logs/time';
import {
  isBeforeSwitch,
  switchMonthLine,
  switchSummary,
  type StandardsSwitch,
} from '../../../shared/progress/standards-switch';
import type { Mailer, MailMessage } from '../../adapters/mail/mailer';
import type { Db } from '../../db/client';
import { datesOnEarth, todayOf } from '../../clock';
import { standardsFor, traineeUnderBoth } from './standards.service';
import * as repo from './standards-switch.repository';

/** How often each instance looks for trainees to tell (each is told once). */
export const SWITCH_NOTICE_INTERVAL_MINUTES = 60;

const PAGE = 200;

export function switchNoticeMail(opts: {
  to: string;
  name: string;
  comparison: StandardsSwitch;
  standards: StandardsInForce;
  summary: string;
  appUrl: string;
}): MailMessage {
  const from = formatUsDate(RULES_2027_FROM);
  const mends = opts.comparison.months.flatMap((month) =>
    month.mends.map((mend) => `- ${mend.text} (${RULE_SETS[mend.ruleSet].label})`),
  );
  return {
    to: opts.to,
    subject: `From ${from} the ${RULE_SETS['2027'].label} change what your fieldwork counts`,
    text: [
      `Hello ${opts.name},`,
      '',
      `From ${from} every BCBA application is judged by the ${RULE_SETS['2027'].label}, for every hour, ` +
        'earlier hours included: "Applicants applying for BCBA certification must meet all requirements ' +
        'at the time they apply, regardless of when their hours were earned" (BCBA Handbook, ' +
        '"Fieldwork Requirements").',
      '',
      opts.summary,
      '',
      'The months the two standards count differently:',
      ...opts.comparison.months.map((month) => `- ${switchMonthLine(month)}`),
      '',
      'What you can still do:',
      ...mends,
      `- ${opts.standards.reason}`,
      '',
      `Each month, under both standards: ${opts.appUrl}/student/dashboard`,
    ].join('\n'),
  };
}

/**
 * Issue 35: mailed once before 1 January 2027 in their own day (claimed first, so instances and
 * reruns send it once); a trainee whose count does not change is looked at again later.
 */
export async function sendSwitchNotices(ctx: {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  now: Date;
}): Promise<number> {
  // Once the switch has come everywhere on Earth, nobody is left to tell.
  if (!isBeforeSwitch(datesOnEarth(ctx.now)[0]!)) return 0;
  let sent = 0;
  let after = 0;
  for (;;) {
    const page = await repo.traineesNotYetNotified(ctx.db, after, PAGE);
    for (const trainee of page) {
      after = trainee.id;
      const today = todayOf(trainee, ctx.now);
      if (!isBeforeSwitch(today)) continue;
      const { comparison } = await traineeUnderBoth(ctx.db, trainee.id, today);
      const summary = switchSummary(comparison);
      if (comparison.costMinutes === 0 || summary === null) continue;
      const standards = await standardsFor(ctx.db, trainee.id, trainee.ruleSet, today);
      const queued = await ctx.mailer.sendClaimed(ctx.db, async (tx) =>
        (await repo.claimSwitchNotice(tx, {
          traineeId: trainee.id,
          costMinutes: comparison.costMinutes,
          counted2022Minutes: comparison.countedMinutes['2022'],
          counted2027Minutes: comparison.countedMinutes['2027'],
          months: comparison.months.map((month) => month.month),
          sentAt: ctx.now,
        }))
          ? switchNoticeMail({
              to: trainee.email,
              name: trainee.name,
              comparison,
              standards,
              summary,
              appUrl: ctx.appUrl,
            })
          : null,
      );
      if (queued) sent += 1;
    }
    if (page.length < PAGE) return sent;
  }
}
