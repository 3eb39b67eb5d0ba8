import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { outboxEmails } from '../../db/schema';
import { eq } from 'drizzle-orm';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe on digests. */
  headers?: Record<string, string>;
};

/** Sends mail. Every message is recorded in the outbox table, whatever the transport. */
export type Mailer = {
  transport: 'smtp' | 'outbox';
  send: (db: Db, message: MailMessage) => Promise<void>;
  close: () => void;
};

export type MailerOptions = {
  smtpUrl: string | undefined;
  from: string;
  /** Where the outbox prints mails for a person running the product locally. */
  print?: (text: string) => void;
  /** Reports a failed SMTP delivery (the message stays in the outbox with its error). */
  onError?: (error: unknown) => void;
};

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise the outbox, which also prints each
 * mail so that someone running the product on their machine can read their code.
 */
export function createMailer(options: MailerOptions): Mailer {
  const print = options.print ?? ((text: string) => process.stdout.write(text));
  if (!options.smtpUrl) {
    return {
      transport: 'outbox',
      send: async (db, message) => {
        await db.insert(outboxEmails).values({
          toAddress: message.to,
          subject: message.subject,
          textBody: message.text,
          htmlBody: message.html ?? null,
          transport: 'outbox',
        });
        print(formatForConsole(message));
      },
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
  return {
    transport: 'smtp',
    send: async (db, message) => {
      const [row] = await db
        .insert(outboxEmails)
        .values({
          toAddress: message.to,
          subject: message.subject,
          textBody: message.text,
          htmlBody: message.html ?? null,
          transport: 'smtp',
        })
        .returning({ id: outboxEmails.id });
      try {
        await transporter.sendMail({ from: options.from, ...message });
        if (row)
          await db
            .update(outboxEmails)
            .set({ sentAt: new Date() })
            .where(eq(outboxEmails.id, row.id));
      } catch (error) {
        if (row) {
          await db
            .update(outboxEmails)
            .set({ error: error instanceof Error ? error.message : 'send failed' })
            .where(eq(outboxEmails.id, row.id));
        }
        options.onError?.(error);
      }
    },
    close: () => transporter.close(),
  };
}

function formatForConsole(message: MailMessage): string {
  const rule = '-'.repeat(60);
  return `\n${rule}\nMail (outbox) to: ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n${rule}\n`;
}
