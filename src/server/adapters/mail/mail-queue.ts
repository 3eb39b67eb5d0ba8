import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outboxEmails } from '../../db/schema';
import type { MailMessage } from './mailer';

/** About a day with `retryDelayMinutes`. */
export const MAX_MAIL_ATTEMPTS = 30;

/** Longer than nodemailer's own connection and socket timeouts. */
export const DELIVERY_LEASE_MS = 15 * 60_000;

const BATCH = 50;

export function retryDelayMinutes(attempts: number): number {
  return Math.min(2 ** Math.max(attempts - 1, 0), 60);
}

/** A 5xx answer refuses the mail for good; a refused connection, timeout or 4xx is passing. */
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

/** The lease keeps the retry job off it while the request tries it. */
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

/** Leased in the statement that selects it, SKIP LOCKED: each mail is delivered by one caller. */
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
