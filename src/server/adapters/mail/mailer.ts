import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import {
  claimDueMails,
  DELIVERY_LEASE_MS,
  recordAttempt,
  recordMail,
  type QueuedMail,
} from './mail-queue';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
};

/** Every message is recorded in the outbox table, whatever the transport. */
export type Mailer = {
  transport: 'smtp' | 'outbox';
  send: (db: Db, message: MailMessage) => Promise<void>;
  /**
   * `claim` and the queued mail commit together, delivery after: a crash either way leaves the
   * mail to the retry or the claim to the next run. `claim` answers null to send nothing.
   */
  sendClaimed: (db: Db, claim: (tx: Db) => Promise<MailMessage | null>) => Promise<boolean>;
  retryDue: (db: Db, now: Date) => Promise<number>;
  close: () => void;
};

export type MailerOptions = {
  smtpUrl: string | undefined;
  from: string;
  print?: (text: string) => void;
  onError?: (error: unknown) => void;
};

/** Without SMTP_URL the outbox prints each mail, for a local user's codes (decision 003). */
export function createMailer(options: MailerOptions): Mailer {
  const print = options.print ?? ((text: string) => process.stdout.write(text));
  if (!options.smtpUrl) {
    return {
      transport: 'outbox',
      send: async (db, message) => {
        await recordMail(db, message, { transport: 'outbox', leaseUntil: null });
        print(formatForConsole(message));
      },
      sendClaimed: async (db, claim) => {
        const message = await db.transaction(async (tx) => {
          const owed = await claim(tx);
          if (owed) await recordMail(tx, owed, { transport: 'outbox', leaseUntil: null });
          return owed;
        });
        if (message) print(formatForConsole(message));
        return message !== null;
      },
      retryDue: async () => 0,
      close: () => undefined,
    };
  }
  const url = new URL(options.smtpUrl);
  const transporter = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)),
    secure: url.protocol === 'smtps:',
    // A plain smtp:// URL to localhost is a relay or a test receiver without TLS.
    ignoreTLS: url.protocol === 'smtp:' && ['localhost', '127.0.0.1', '::1'].includes(url.hostname),
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
  });
  /** A failure is recorded and queued, never thrown. */
  const attempt = async (db: Db, mail: QueuedMail, now: Date): Promise<boolean> => {
    try {
      await transporter.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html === null ? {} : { html: mail.html }),
        ...(mail.headers === null ? {} : { headers: mail.headers }),
      });
    } catch (error) {
      await recordAttempt(db, mail, { error, at: now });
      options.onError?.(error);
      return false;
    }
    await recordAttempt(db, mail, { sentAt: now });
    return true;
  };
  return {
    transport: 'smtp',
    send: async (db, message) => {
      const leaseUntil = new Date(Date.now() + DELIVERY_LEASE_MS);
      const mail = await recordMail(db, message, { transport: 'smtp', leaseUntil });
      if (mail) await attempt(db, mail, new Date());
    },
    sendClaimed: async (db, claim) => {
      const mail = await db.transaction(async (tx) => {
        const owed = await claim(tx);
        if (!owed) return null;
        const leaseUntil = new Date(Date.now() + DELIVERY_LEASE_MS);
        return (await recordMail(tx, owed, { transport: 'smtp', leaseUntil })) ?? null;
      });
      if (mail) await attempt(db, mail, new Date());
      return mail !== null;
    },
    retryDue: async (db, now) => {
      let sent = 0;
      for (const mail of await claimDueMails(db, now)) if (await attempt(db, mail, now)) sent += 1;
      return sent;
    },
    close: () => transporter.close(),
  };
}

function formatForConsole(message: MailMessage): string {
  const rule = '-'.repeat(60);
  return `\n${rule}\nMail (outbox) to: ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n${rule}\n`;
}
