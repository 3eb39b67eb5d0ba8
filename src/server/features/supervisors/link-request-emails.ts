import { escapeHtml } from '../../adapters/mail/escape-html';
import type { MailMessage } from '../../adapters/mail/mailer';

/** Where the "Trainee requests" card is answered. */
export const SUPERVISOR_HOME_PATH = '/supervisor/signlogs';

/** To a supervisor a trainee listed: who asks, and where to accept or decline (issue 36). */
export function linkRequestMail(opts: {
  to: string;
  traineeName: string;
  traineeEmail: string;
  appUrl: string;
}): MailMessage {
  const link = `${opts.appUrl}${SUPERVISOR_HOME_PATH}`;
  const who = `${opts.traineeName} (${opts.traineeEmail})`;
  return {
    to: opts.to,
    subject: `${opts.traineeName} asks you to supervise their fieldwork on Fieldwork Tracker`,
    text: [
      'Hello,',
      '',
      `${who} listed you as their supervisor on Fieldwork Tracker.`,
      'You will see their logs, hours and forms only if you accept. Accept or decline on your home screen:',
      link,
      '',
      'If you do not supervise this person, decline: they will not be able to ask you again.',
    ].join('\n'),
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2a37;max-width:560px">
<h1 style="font-size:20px">A trainee asks you to supervise them</h1>
<p>${escapeHtml(who)} listed you as their supervisor on Fieldwork Tracker.</p>
<p>You will see their logs, hours and forms only if you accept.</p>
<p><a href="${escapeHtml(link)}" style="background:#0b6e79;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Accept or decline</a></p>
<p style="color:#4b5563;font-size:12px">If you do not supervise this person, decline: they will not be able to ask you again.</p>
</body></html>`,
  };
}
