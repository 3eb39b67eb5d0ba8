import type { TraineeOutlook, UnsignedForm } from '../../../shared/at-risk/at-risk.schema';
import { formatMonthYear, formatUsDate } from '../../../shared/logs/time';
import type { MailMessage } from '../../adapters/mail/mailer';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** What one trainee still needs this month, in a line ("12 h so far, 2 contacts still needed…"). */
export function outlookLine(trainee: TraineeOutlook): string {
  return trainee.types
    .map((type) => {
      const parts = [
        `${type.name}: ${type.hours_so_far} h so far`,
        `${type.supervision_percent}% supervised`,
      ];
      if (type.hours_needed > 0) parts.push(`${type.hours_needed} h still needed`);
      if (type.contacts_needed)
        parts.push(`${plural(type.contacts_needed, 'contact')} still needed`);
      if (type.observation.needed > 0)
        parts.push(
          type.observation.unit === 'count'
            ? `${plural(type.observation.needed, 'observation')} still needed`
            : `${type.observation.needed} observation minutes still needed`,
        );
      if (type.failing_at_pace.length > 0)
        parts.push(
          `at this pace will miss: ${type.failing_at_pace.map((f) => f.label).join(', ')}`,
        );
      return parts.join(', ');
    })
    .join('; ');
}

/** A previous month's unsigned form in a line. */
export function unsignedFormLine(form: UnsignedForm): string {
  return `${form.trainee_name}: the M-FVF for ${formatMonthYear(form.month)} is not signed; due ${formatUsDate(form.deadline)} (${plural(form.days_left, 'day')} left)`;
}

/** The supervisor's one-click reminder to a trainee: what the month still needs, and by when. */
export function atRiskReminderMail(opts: {
  trainee: TraineeOutlook;
  supervisorName: string;
  month: string;
  daysLeft: number;
  appUrl: string;
}): MailMessage {
  const month = formatMonthYear(opts.month);
  return {
    to: opts.trainee.email,
    subject: `${opts.supervisorName} sent you a reminder about your ${month} fieldwork`,
    text: [
      `Hello ${opts.trainee.name},`,
      '',
      `${opts.supervisorName} would like to remind you of this month's fieldwork requirements. ${plural(opts.daysLeft, 'day')} of ${month} are left after today.`,
      '',
      outlookLine(opts.trainee),
      '',
      `Log your hours: ${opts.appUrl}/student/logHour`,
    ].join('\n'),
  };
}
