import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails } from '../../src/server/db/schema';
import { signUp, traineeSignup, verify } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';

type ReceivedMail = { from: string; to: string[]; raw: string };

let t: TestApp;
let receiver: SMTPServer;
const inbox: ReceivedMail[] = [];

beforeAll(async () => {
  // A real SMTP receiver on loopback (it offers STARTTLS with a self-signed certificate, which
  // the mailer skips for loopback). It refuses recipients at the `refused.example` domain.
  receiver = new SMTPServer({
    authOptional: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith('@refused.example')) {
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mailFrom = session.envelope.mailFrom;
        inbox.push({
          from: mailFrom ? mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.server.address() as AddressInfo;
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` }, { mailer: 'config' });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

/** The mail's text as a reader sees it (quoted-printable soft breaks and escapes undone). */
function decoded(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describe('mail over SMTP (SMTP_URL set)', () => {
  it('delivers the verification mail with the code to the receiver', async () => {
    const payload = traineeSignup({ name: 'Sal Smtp' });
    const response = await signUp(t, payload);
    expect(response.statusCode).toBe(201);

    const mails = inbox.filter((mail) => mail.to.includes(payload.email));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    if (!mail) throw new Error('no mail received');
    expect(mail.to).toEqual([payload.email]);
    expect(mail.from).toBe('no-reply@fieldworktracker.local');

    const text = decoded(mail.raw);
    const code = /verification code: (\d{6})/.exec(text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(text).toContain(`Subject: Your Fieldwork Tracker verification code: ${code}`);
    expect(text).toContain(`To: ${payload.email}`);
    expect(text).toContain('From: Fieldwork Tracker <no-reply@fieldworktracker.local>');
    expect(text).toContain(`Your verification code is ${code}.`);
    expect(text).toContain('Hello Sal Smtp,');

    // The code that arrived over SMTP is the one that activates the account.
    const verified = await verify(t, payload.email, code ?? '');
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ message: 'Succesfully User activated' });
  });

  it('records the delivered mail in the outbox as sent over SMTP', async () => {
    const payload = traineeSignup();
    await signUp(t, payload);
    const [row] = await t.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.toAddress, payload.email));
    expect(row).toMatchObject({
      transport: 'smtp',
      error: null,
      subject: expect.stringMatching(/^Your Fieldwork Tracker verification code: \d{6}$/),
    });
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it('delivers the password-reset mail', async () => {
    const payload = traineeSignup();
    await signUp(t, payload);
    const response = await t.request({
      method: 'POST',
      url: '/users/reset-password/send/',
      payload: { email: payload.email },
    });
    expect(response.json()).toEqual({ message: 'Succesfully Token sent.' });
    const mails = inbox.filter((mail) => mail.to.includes(payload.email));
    expect(mails).toHaveLength(2);
    expect(decoded(mails[1]?.raw ?? '')).toMatch(
      /Subject: Your Fieldwork Tracker password reset code: \d{6}/,
    );
  });

  it('keeps a refused mail in the outbox with its error, and the sign-up still succeeds', async () => {
    const email = 'someone@refused.example';
    const response = await signUp(t, traineeSignup({ email }));
    expect(response.statusCode).toBe(201);
    expect(inbox.some((mail) => mail.to.includes(email))).toBe(false);
    const [row] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, email));
    expect(row).toMatchObject({
      transport: 'smtp',
      sentAt: null,
      error: expect.stringContaining('Mailbox unavailable'),
    });
  });
});
