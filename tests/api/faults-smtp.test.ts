import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isRetryable,
  MAX_MAIL_ATTEMPTS,
  retryDelayMinutes,
} from '../../src/server/adapters/mail/mail-queue';
import { outboxEmails } from '../../src/server/db/schema';
import { signUp, traineeSignup, verify } from '../helpers/accounts';
import { freePort } from '../helpers/server-process';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let port: number;
let receiver: SMTPServer | undefined;
const inbox: { to: string[]; raw: string }[] = [];

beforeAll(async () => {
  // SMTP_URL names a port nothing listens on yet: the mail server is down.
  port = await freePort();
  t = await createTestApp(
    { SMTP_URL: `smtp://127.0.0.1:${port}`, TEST_HOOKS: 'true' },
    { mailer: 'config' },
  );
});
afterAll(async () => {
  await t.close();
  if (receiver) await new Promise<void>((resolve) => receiver?.close(() => resolve()));
});

function startReceiver(): Promise<void> {
  receiver = new SMTPServer({
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  return new Promise((resolve) => receiver?.listen(port, '127.0.0.1', resolve));
}

/** Runs the scheduled jobs once at the app's clock, as the timer would (the test hook). */
async function runJobs(): Promise<Record<string, number>> {
  const response = await t.request({ method: 'POST', url: '/api/test/run-jobs' });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const outboxRow = async (email: string) =>
  (await t.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, email)))[0];

describe('SMTP down', () => {
  it('signs up anyway, queues the mail, and delivers it once when the server returns', async () => {
    const payload = traineeSignup();
    const response = await signUp(t, payload);
    expect(response.statusCode).toBe(201);

    const queued = await outboxRow(payload.email);
    expect(queued).toMatchObject({
      transport: 'smtp',
      sentAt: null,
      attempts: 1,
      error: expect.stringContaining('ECONNREFUSED'),
    });
    const retryAt = queued?.nextAttemptAt?.getTime() ?? 0;
    expect(retryAt - (queued?.createdAt.getTime() ?? 0)).toBeGreaterThanOrEqual(
      retryDelayMinutes(1) * 60_000,
    );

    // Still down at the first retry: tried again, and the next try waits longer.
    t.clock.now = new Date(retryAt);
    expect((await runJobs())['mail-retry']).toBe(0);
    const retried = await outboxRow(payload.email);
    expect(retried).toMatchObject({ sentAt: null, attempts: 2 });
    expect(retried?.nextAttemptAt?.getTime()).toBe(
      t.clock.now.getTime() + retryDelayMinutes(2) * 60_000,
    );

    // The server comes back; the next due run delivers the mail, and later runs never again.
    await startReceiver();
    t.clock.now = retried?.nextAttemptAt ?? t.clock.now;
    expect((await runJobs())['mail-retry']).toBe(1);
    const mails = inbox.filter((mail) => mail.to.includes(payload.email));
    expect(mails).toHaveLength(1);
    // The code that arrived late still activates the account.
    const code = /verification code: (\d{6})/.exec(mails[0]?.raw ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect((await verify(t, payload.email, code ?? '')).statusCode).toBe(200);
    t.clock.advanceMinutes(120);
    expect((await runJobs())['mail-retry']).toBe(0);
    const codeMails = inbox.filter((mail) => mail.raw.includes(`verification code: ${code}`));
    expect(codeMails).toHaveLength(1);
    expect(await outboxRow(payload.email)).toMatchObject({ attempts: 3, nextAttemptAt: null });
  });

  it('delivers a due mail once when two instances run the job in the same minute', async () => {
    const payload = traineeSignup();
    expect((await signUp(t, payload)).statusCode).toBe(201);
    expect(inbox.filter((mail) => mail.to.includes(payload.email))).toHaveLength(1);
    // As if that delivery had failed: due again at the next run.
    t.clock.advanceMinutes(1);
    await t.db
      .update(outboxEmails)
      .set({ sentAt: null, nextAttemptAt: t.clock.now })
      .where(eq(outboxEmails.toAddress, payload.email));
    const runs = await Promise.all([runJobs(), runJobs()]);
    expect(runs.map((run) => run['mail-retry']).sort()).toEqual([0, 1]);
    expect(inbox.filter((mail) => mail.to.includes(payload.email))).toHaveLength(2);
    expect(await outboxRow(payload.email)).toMatchObject({ attempts: 2, nextAttemptAt: null });
  });

  it('does not retry a mail the server refused for good (a 5xx answer)', async () => {
    expect(
      isRetryable(Object.assign(new Error('550 Mailbox unavailable'), { responseCode: 550 }), 1),
    ).toBe(false);
    expect(isRetryable(Object.assign(new Error('451 Try later'), { responseCode: 451 }), 1)).toBe(
      true,
    );
    expect(
      isRetryable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNECTION' }), 1),
    ).toBe(true);
    expect(isRetryable(new Error('connect ECONNREFUSED'), MAX_MAIL_ATTEMPTS)).toBe(false);
  });
});
