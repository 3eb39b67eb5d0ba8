import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, type Mailer } from '../../src/server/adapters/mail/mailer';
import type { Db } from '../../src/server/db/client';
import { jobRuns, outboxEmails } from '../../src/server/db/schema';
import { freePort } from '../helpers/server-process';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * A mail owed once (digest, access warning, form reminder) is claimed in the transaction that
 * queues it (Mailer.sendClaimed): the claim and the mail commit together or not at all, so an
 * instance that fails between them neither loses the mail nor sends it twice.
 */

let t: TestApp;
let smtpDown: Mailer;
const outbox = createMailer({ smtpUrl: undefined, from: 'test@example.com', print: () => {} });

beforeAll(async () => {
  t = await createTestApp();
  // A port nothing listens on: every delivery fails and the mail stays queued.
  smtpDown = createMailer({
    smtpUrl: `smtp://127.0.0.1:${await freePort()}`,
    from: 'test@example.com',
    onError: () => {},
  });
});
afterAll(async () => {
  smtpDown.close();
  await t.close();
});

const PERIOD = new Date('2026-11-26T00:00:00.000Z');

/** A claim as the jobs make them: a row only one caller can insert. */
async function claim(db: Db, job: string): Promise<boolean> {
  const rows = await db
    .insert(jobRuns)
    .values({ job, period: PERIOD })
    .onConflictDoNothing()
    .returning({ job: jobRuns.job });
  return rows.length > 0;
}

const claimOf = async (job: string) =>
  t.db
    .select()
    .from(jobRuns)
    .where(and(eq(jobRuns.job, job), eq(jobRuns.period, PERIOD)));
const mailsTo = async (to: string) =>
  t.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, to));

describe.each([
  ['outbox', () => outbox],
  ['smtp (down)', () => smtpDown],
])('Mailer.sendClaimed with the %s transport', (name, mailer) => {
  const job = `claimed-mail-${name}`;
  const to = `claimed-${name.replace(/\W/g, '')}@example.com`;
  const message = { to, subject: 'Owed once', text: 'Once.' };

  it('undoes the claim when the mail cannot be queued, so the next run sends it', async () => {
    await expect(
      mailer().sendClaimed(t.db, async (tx) => {
        expect(await claim(tx, job)).toBe(true);
        throw new Error('the instance failed between the claim and the mail');
      }),
    ).rejects.toThrow('between the claim and the mail');
    expect(await claimOf(job)).toHaveLength(0);
    expect(await mailsTo(to)).toHaveLength(0);

    const queued = await mailer().sendClaimed(t.db, async (tx) =>
      (await claim(tx, job)) ? message : null,
    );
    expect(queued).toBe(true);
    expect(await claimOf(job)).toHaveLength(1);
    const [mail] = await mailsTo(to);
    expect(mail).toMatchObject({ subject: 'Owed once', textBody: 'Once.' });
  });

  it('queues nothing for a claim another run holds', async () => {
    const queued = await mailer().sendClaimed(t.db, async (tx) =>
      (await claim(tx, job)) ? message : null,
    );
    expect(queued).toBe(false);
    expect(await mailsTo(to)).toHaveLength(1);
  });
});

it('keeps a mail whose delivery failed queued for the mail retry, under its lease', async () => {
  const [mail] = await mailsTo('claimed-smtpdown@example.com');
  expect(mail?.transport).toBe('smtp');
  expect(mail?.sentAt).toBeNull();
  expect(mail?.nextAttemptAt).toBeInstanceOf(Date);
});
