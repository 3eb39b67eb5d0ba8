import { formatMonthYear, formatUsDate } from '../../../shared/logs/time';
import type { MailMessage } from '../../adapters/mail/mailer';

/** The M-FVF deadline reminder (issue 10 "Deadlines"). */
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

/** Issue 36: a paper form naming the supervisor counts, shown as declared, until they answer. */
export function paperFormToConfirmMail(opts: {
  to: string;
  name: string;
  traineeName: string;
  month: string;
  signedOn: string;
  link: string;
}): MailMessage {
  const month = formatMonthYear(opts.month);
  return {
    to: opts.to,
    subject: `Fieldwork Tracker: confirm ${opts.traineeName}'s paper form for ${month}`,
    text: [
      `Hello ${opts.name},`,
      '',
      `${opts.traineeName} recorded a monthly fieldwork verification form (M-FVF) for ${month} ` +
        `signed on paper on ${formatUsDate(opts.signedOn)}, naming you as the supervisor who signed it.`,
      'Its hours count as signed on that date, shown as declared by the trainee until you answer. ' +
        'If you did not sign it so, reject it: its hours then count only once a form signed in time is recorded.',
      '',
      `Confirm or reject it: ${opts.link}`,
    ].join('\n'),
  };
}
