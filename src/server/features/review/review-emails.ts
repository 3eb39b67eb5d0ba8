import { escapeHtml } from '../../adapters/mail/escape-html';
import type { MailMessage } from '../../adapters/mail/mailer';
import { flaggableLabel } from '../../../shared/review/review.schema';
import { formatUsDate } from '../../../shared/logs/time';
import type { TraineeOutlook, UnsignedForm } from '../../../shared/at-risk/at-risk.schema';
import { outlookLine, unsignedFormLine } from '../at-risk';

function page(
  title: string,
  paragraphs: string[],
  link: { href: string; label: string },
  footer?: string,
): string {
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2a37;max-width:560px">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>
${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}
<p><a href="${escapeHtml(link.href)}" style="background:#0b6e79;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>
${footer ? `<p style="color:#4b5563;font-size:12px">${footer}</p>` : ''}
</body></html>`;
}

/** To the person a trainee invites: a link to register with the email filled in. */
export function invitationMail(to: string, traineeName: string, appUrl: string): MailMessage {
  const link = `${appUrl}/register/supervisor?email=${encodeURIComponent(to)}`;
  return {
    to,
    subject: `${traineeName} invited you to review their fieldwork on Fieldwork Tracker`,
    text: [
      `Hello,`,
      '',
      `${traineeName} logs their supervised fieldwork hours on Fieldwork Tracker and listed you as their supervisor.`,
      'Create your free supervisor account to review, approve or flag their logs:',
      link,
      '',
      'Supervisors use Fieldwork Tracker free of charge.',
    ].join('\n'),
    html: page(
      'You are invited to review fieldwork',
      [
        `${escapeHtml(traineeName)} logs their supervised fieldwork hours on Fieldwork Tracker and listed you as their supervisor.`,
        'Create your free supervisor account to review, approve or flag their logs.',
      ],
      { href: link, label: 'Create my supervisor account' },
    ),
  };
}

/** To the trainee when a log is flagged: which fields, and the supervisor's comments. */
export function flaggedMail(opts: {
  to: string;
  traineeName: string;
  supervisorName: string;
  logId: number;
  date: string;
  flags: Record<string, { comment?: string }>;
  appUrl: string;
}): MailMessage {
  const link = `${opts.appUrl}/student/edit-resend?id=${opts.logId}`;
  const lines = Object.entries(opts.flags).map(
    ([key, flag]) => `- ${flaggableLabel(key)}${flag.comment ? `: ${flag.comment}` : ''}`,
  );
  const day = formatUsDate(opts.date);
  return {
    to: opts.to,
    subject: `${opts.supervisorName} flagged your log of ${day}`,
    text: [
      `Hello ${opts.traineeName},`,
      '',
      `${opts.supervisorName} asked you to correct your log of ${day}:`,
      ...lines,
      '',
      `Correct it and send it back: ${link}`,
    ].join('\n'),
    html: page(
      `Your log of ${day} needs a correction`,
      [
        `${escapeHtml(opts.supervisorName)} asked you to correct:`,
        `<ul>${Object.entries(opts.flags)
          .map(
            ([key, flag]) =>
              `<li><strong>${escapeHtml(flaggableLabel(key))}</strong>${flag.comment ? `: ${escapeHtml(flag.comment)}` : ''}</li>`,
          )
          .join('')}</ul>`,
      ],
      { href: link, label: 'Correct and resend' },
    ),
  };
}

/**
 * The supervisor's daily digest: logs waiting for review and, as on their home page, the trainees
 * who will miss a requirement this month at their current pace and last month's unsigned forms.
 */
export function digestMail(opts: {
  to: string;
  supervisorName: string;
  waiting: { traineeName: string; pending: number; oldest: string }[];
  atRisk?: TraineeOutlook[];
  unsignedForms?: UnsignedForm[];
  /** Days of the month left after today. */
  daysLeft?: number;
  appUrl: string;
  unsubscribeUrl: string;
}): MailMessage {
  const total = opts.waiting.reduce((sum, row) => sum + row.pending, 0);
  const atRisk = opts.atRisk ?? [];
  const unsigned = opts.unsignedForms ?? [];
  const link =
    total > 0 ? `${opts.appUrl}/supervisor/pending-logs` : `${opts.appUrl}/supervisor/signlogs`;
  const rows = opts.waiting.map(
    (row) =>
      `${row.traineeName}: ${row.pending} log${row.pending === 1 ? '' : 's'} (oldest ${formatUsDate(row.oldest)})`,
  );
  const riskRows = atRisk.map((trainee) => `${trainee.name}: ${outlookLine(trainee)}`);
  const formRows = unsigned.map(unsignedFormLine);
  const sections: { title: string; rows: string[] }[] = [
    { title: 'These logs are waiting for your review:', rows },
    {
      title: `At the current pace (this month's figures so far, projected to the month's end), these trainees will miss a requirement; ${opts.daysLeft ?? 0} days are left after today:`,
      rows: riskRows,
    },
    { title: "Last month's verification forms still to sign:", rows: formRows },
  ].filter((section) => section.rows.length > 0);
  const subject =
    total > 0
      ? `${total} log${total === 1 ? '' : 's'} waiting for your review`
      : atRisk.length > 0
        ? `${atRisk.length} trainee${atRisk.length === 1 ? '' : 's'} at risk this month`
        : `${unsigned.length} verification form${unsigned.length === 1 ? '' : 's'} to sign`;
  const footer =
    'You get this digest at most once a day while logs are waiting or trainees need attention.';
  return {
    to: opts.to,
    subject,
    text: [
      `Hello ${opts.supervisorName},`,
      '',
      ...sections.flatMap((section) => [
        section.title,
        ...section.rows.map((row) => `- ${row}`),
        '',
      ]),
      `${total > 0 ? 'Review them' : 'See your trainees'}: ${link}`,
      '',
      `${footer} Unsubscribe: ${opts.unsubscribeUrl}`,
    ].join('\n'),
    html: page(
      subject,
      sections.map(
        (section) =>
          `${escapeHtml(section.title)}<ul>${section.rows.map((row) => `<li>${escapeHtml(row)}</li>`).join('')}</ul>`,
      ),
      { href: link, label: total > 0 ? 'Review pending logs' : 'See your trainees' },
      `${footer} <a href="${escapeHtml(opts.unsubscribeUrl)}">Unsubscribe from digests</a>`,
    ),
    headers: {
      'List-Unsubscribe': `<${opts.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
