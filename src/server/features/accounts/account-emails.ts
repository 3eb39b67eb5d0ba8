import { escapeHtml } from '../../adapters/mail/escape-html';
import type { MailMessage } from '../../adapters/mail/mailer';

/** Codes live 30 minutes; the mails say so. */
export const CODE_LIFETIME_MINUTES = 30;

export function verificationMail(
  to: string,
  name: string,
  code: string,
  appUrl: string,
): MailMessage {
  const link = `${appUrl}/verify-email?email=${encodeURIComponent(to)}`;
  return {
    to,
    subject: `Your Fieldwork Tracker verification code: ${code}`,
    text: [
      `Hello ${name},`,
      '',
      `Your verification code is ${code}. It is valid for ${CODE_LIFETIME_MINUTES} minutes and works once.`,
      `Enter it at ${link}`,
      '',
      'If you did not create a Fieldwork Tracker account, you can ignore this email.',
    ].join('\n'),
    html: codeHtml(name, 'Confirm your email address', code, link),
  };
}

export function resetMail(to: string, name: string, code: string, appUrl: string): MailMessage {
  const link = `${appUrl}/reset-password?email=${encodeURIComponent(to)}`;
  return {
    to,
    subject: `Your Fieldwork Tracker password reset code: ${code}`,
    text: [
      `Hello ${name},`,
      '',
      `Your password reset code is ${code}. It is valid for ${CODE_LIFETIME_MINUTES} minutes and works once.`,
      `Choose a new password at ${link}`,
      '',
      'If you did not ask to reset your password, ignore this email: your password stays as it is.',
    ].join('\n'),
    html: codeHtml(name, 'Reset your password', code, link),
  };
}

function codeHtml(name: string, title: string, code: string, link: string): string {
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2a37">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>
<p>Hello ${escapeHtml(name)},</p>
<p>Your code is <strong style="font-size:22px;letter-spacing:4px">${escapeHtml(code)}</strong>.
It is valid for ${CODE_LIFETIME_MINUTES} minutes and works once.</p>
<p><a href="${escapeHtml(link)}">Open Fieldwork Tracker</a></p>
</body></html>`;
}
