import { escapeHtml } from '../../adapters/mail/escape-html';
import type { MailMessage } from '../../adapters/mail/mailer';
import { flaggableLabel } from '../../../shared/review/review.schema';
import { formatUsDate } from '../../../shared/logs/time';

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

/** The supervisor's daily digest of logs waiting for review. */
export function digestMail(opts: {
  to: string;
  supervisorName: string;
  waiting: { traineeName: string; pending: number; oldest: string }[];
  appUrl: string;
  unsubscribeUrl: string;
}): MailMessage {
  const total = opts.waiting.reduce((sum, row) => sum + row.pending, 0);
  const link = `${opts.appUrl}/supervisor/pending-logs`;
  const rows = opts.waiting.map(
    (row) =>
      `${row.traineeName}: ${row.pending} log${row.pending === 1 ? '' : 's'} (oldest ${formatUsDate(row.oldest)})`,
  );
  return {
    to: opts.to,
    subject: `${total} log${total === 1 ? '' : 's'} waiting for your review`,
    text: [
      `Hello ${opts.supervisorName},`,
      '',
      'These logs are waiting for your review:',
      ...rows.map((row) => `- ${row}`),
      '',
      `Review them: ${link}`,
      '',
      `You get this digest at most once a day while logs are waiting. Unsubscribe: ${opts.unsubscribeUrl}`,
    ].join('\n'),
    html: page(
      `${total} log${total === 1 ? '' : 's'} waiting for your review`,
      [`<ul>${rows.map((row) => `<li>${escapeHtml(row)}</li>`).join('')}</ul>`],
      { href: link, label: 'Review pending logs' },
      `You get this digest at most once a day while logs are waiting. <a href="${escapeHtml(opts.unsubscribeUrl)}">Unsubscribe from digests</a>`,
    ),
    headers: {
      'List-Unsubscribe': `<${opts.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
