import { formatMonthYear, formatUsDate } from '../../../shared/logs/time';
import type { MailMessage } from '../../adapters/mail/mailer';

/**
 * The deadline reminder for a month's M-FVF (issue 10 "Deadlines"): which month and supervision,
 * the deadline and the days left, what happens after it, and where to sign.
 */
export function formReminderMail(opts: {
  to: string;
  name: string;
  recipient: 'trainee' | 'supervisor';
  month: string;
  /** The other party: the supervisor for the trainee's mail, the trainee for the supervisor's. */
  otherName: string;
  deadline: string;
  daysLeft: number;
  link: string;
}): MailMessage {
  const month = formatMonthYear(opts.month);
  const deadline = formatUsDate(opts.deadline);
  const whose =
    opts.recipient === 'trainee'
      ? `Your monthly fieldwork verification form (M-FVF) for ${month} with ${opts.otherName}`
      : `The monthly fieldwork verification form (M-FVF) of ${opts.otherName} for ${month}`;
  return {
    to: opts.to,
    subject: `Fieldwork Tracker: sign the ${month} verification form by ${deadline}`,
    text: [
      `Hello ${opts.name},`,
      '',
      `${whose} is not signed yet. The BACB needs it signed by the trainee and the supervisor ` +
        `by ${deadline}, ${opts.daysLeft} days from now; if it is signed later, the month's hours do not count.`,
      '',
      `${opts.recipient === 'trainee' ? 'Fill and sign it' : 'Review and sign it'}: ${opts.link}`,
    ].join('\n'),
  };
}
