import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outboxEmails } from '../../db/schema';
import type { MailMessage } from './mailer';

/** After this many failed attempts (about a day with `retryDelayMinutes`) a mail is given up. */
export const MAX_MAIL_ATTEMPTS = 30;

/**
 * How long a claimed mail is left to the one delivering it before the job may take it again
 * (a process killed mid-send): longer than nodemailer's own connection and socket timeouts.
 */
export const DELIVERY_LEASE_MS = 15 * 60_000;

/** Mails one run of the retry job delivers at most. */
const BATCH = 50;

/** Minutes to wait after the `attempts`-th failed attempt: 1, 2, 4 … then every hour. */
export function retryDelayMinutes(attempts: number): number {
  return Math.min(2 ** Math.max(attempts - 1, 0), 60);
}

/**
 * Whether a failed delivery is worth another attempt: not when the server refused the mail for
 * good (a 5xx answer, e.g. 550 mailbox unavailable), nor after `MAX_MAIL_ATTEMPTS`. A refused
 * connection, a timeout or a 4xx answer is passing.
 */
export function isRetryable(error: unknown, attempts: number): boolean {
  const responseCode = error instanceof Error ? Reflect.get(error, 'responseCode') : undefined;
  const isPermanent = typeof responseCode === 'number' && responseCode >= 500;
  return !isPermanent && attempts < MAX_MAIL_ATTEMPTS;
}

export type QueuedMail = {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string> | null;
  attempts: number;
};

const QUEUED_MAIL_COLUMNS = {
  id: outboxEmails.id,
  to: outboxEmails.toAddress,
  subject: outboxEmails.subject,
  text: outboxEmails.textBody,
  html: outboxEmails.htmlBody,
  headers: outboxEmails.headers,
  attempts: outboxEmails.attempts,
};

/**
 * Records a mail in the outbox. An SMTP one is leased to its sender until `leaseUntil`: the
 * retry job leaves it alone while the request tries it.
 */
export async function recordMail(
  db: Db,
  message: MailMessage,
  delivery: { transport: 'outbox' | 'smtp'; leaseUntil: Date | null },
): Promise<QueuedMail | undefined> {
  const [mail] = await db
    .insert(outboxEmails)
    .values({
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html ?? null,
      headers: message.headers ?? null,
      transport: delivery.transport,
      nextAttemptAt: delivery.leaseUntil,
    })
    .returning(QUEUED_MAIL_COLUMNS);
  return mail;
}

/**
 * Claims the SMTP mails due at `now`: each row is leased (its next attempt moved a lease ahead)
 * in the statement that selects it, and rows another instance is claiming are skipped (FOR
 * UPDATE SKIP LOCKED), so each mail is delivered by one caller.
 */
export async function claimDueMails(db: Db, now: Date): Promise<QueuedMail[]> {
  const due = db
    .select({ id: outboxEmails.id })
    .from(outboxEmails)
    .where(
      and(
        eq(outboxEmails.transport, 'smtp'),
        isNull(outboxEmails.sentAt),
        lte(outboxEmails.nextAttemptAt, now),
      ),
    )
    .orderBy(outboxEmails.nextAttemptAt)
    .limit(BATCH)
    .for('update', { skipLocked: true });
  return db
    .update(outboxEmails)
    .set({ nextAttemptAt: new Date(now.getTime() + DELIVERY_LEASE_MS) })
    .where(inArray(outboxEmails.id, due))
    .returning(QUEUED_MAIL_COLUMNS);
}

/** Records one delivery attempt's outcome: sent, or its error and when to try again (if ever). */
export async function recordAttempt(
  db: Db,
  mail: { id: number; attempts: number },
  outcome: { sentAt: Date } | { error: unknown; at: Date },
): Promise<void> {
  const attempts = mail.attempts + 1;
  if ('sentAt' in outcome) {
    await db
      .update(outboxEmails)
      .set({ sentAt: outcome.sentAt, attempts, nextAttemptAt: null })
      .where(eq(outboxEmails.id, mail.id));
    return;
  }
  const retryAt = new Date(outcome.at.getTime() + retryDelayMinutes(attempts) * 60_000);
  await db
    .update(outboxEmails)
    .set({
      attempts,
      error: outcome.error instanceof Error ? outcome.error.message : 'send failed',
      nextAttemptAt: isRetryable(outcome.error, attempts) ? retryAt : null,
    })
    .where(eq(outboxEmails.id, mail.id));
}

/**
 * The SMTP queue at `now` (the metrics): mails waiting for a later attempt, mails due (a backlog
 * when it stays above zero), and mails given up (refused for good or past MAX_MAIL_ATTEMPTS).
 */
export async function mailQueueDepth(
  db: Db,
  now: Date,
): Promise<{ waiting: number; due: number; givenUp: number }> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await db
    .select({
      waiting: sql<number>`count(*) filter (where ${outboxEmails.nextAttemptAt} > ${at})`,
      due: sql<number>`count(*) filter (where ${outboxEmails.nextAttemptAt} <= ${at})`,
      givenUp: sql<number>`count(*) filter (where ${outboxEmails.nextAttemptAt} is null and ${outboxEmails.error} is not null)`,
    })
    .from(outboxEmails)
    .where(and(eq(outboxEmails.transport, 'smtp'), isNull(outboxEmails.sentAt)));
  return {
    waiting: Number(row?.waiting ?? 0),
    due: Number(row?.due ?? 0),
    givenUp: Number(row?.givenUp ?? 0),
  };
}
