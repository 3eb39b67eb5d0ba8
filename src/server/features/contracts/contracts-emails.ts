import { formatUsDate } from '../../../shared/logs/time';
import type { MailMessage } from '../../adapters/mail/mailer';

/* The contract's mails to the other parties (issue 39), queued in the change's transaction. */

type Recipient = { to: string; name: string; link: string };

/** A new draft or amendment waits for the recipient's signature. */
export function contractToSignMail(
  opts: Recipient & { byName: string; structureName: string; version: number },
): MailMessage {
  const what =
    opts.version === 1
      ? 'a supervision contract'
      : `amendment ${opts.version - 1} of your supervision contract`;
  return {
    to: opts.to,
    subject: `Fieldwork Tracker: ${opts.byName} asks you to sign ${what}`,
    text: [
      `Hello ${opts.name},`,
      '',
      `${opts.byName} drafted ${what} (${opts.structureName}). Read it, change it if you need to ` +
        'before anyone signs, and sign it with your typed name. Fieldwork hours count only from the day everyone has signed.',
      '',
      `Read and sign it: ${opts.link}`,
    ].join('\n'),
  };
}

/** Everyone has signed (or a signed copy was recorded): the version is in force. */
export function contractCompleteMail(
  opts: Recipient & { structureName: string; version: number; completedOn: string },
): MailMessage {
  const what =
    opts.version === 1
      ? 'The supervision contract'
      : `Amendment ${opts.version - 1} of the supervision contract`;
  return {
    to: opts.to,
    subject: `Fieldwork Tracker: the supervision contract (${opts.structureName}) is signed`,
    text: [
      `Hello ${opts.name},`,
      '',
      `${what} (${opts.structureName}) was signed by everyone on ${formatUsDate(opts.completedOn)}. ` +
        'Keep a copy for at least seven years from the final supervision meeting.',
      '',
      `Download it: ${opts.link}`,
    ].join('\n'),
  };
}

export function contractEndedMail(
  opts: Recipient & { byName: string; structureName: string; endedOn: string; reason: string },
): MailMessage {
  return {
    to: opts.to,
    subject: `Fieldwork Tracker: the supervision contract (${opts.structureName}) has ended`,
    text: [
      `Hello ${opts.name},`,
      '',
      `${opts.byName} ended the supervision contract (${opts.structureName}) on ${formatUsDate(opts.endedOn)}.`,
      `Reason: ${opts.reason}`,
      '',
      'Hours dated after that day count only under a new contract.',
      '',
      `See it: ${opts.link}`,
    ].join('\n'),
  };
}
