import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import type { ReceivedMail } from './mail-receiver';
import { e2eEnv } from './paths';
import { realNow } from './test-now';

const SUBJECTS = {
  verification: /verification code: (\d{6})/,
  reset: /password reset code: (\d{6})/,
} as const;

/**
 * A test's `since` is read from its own clock (`Date.now()`), which `npm run test:dates` moves;
 * the receiver stamps each mail with the real clock. This is the real instant `since` stands for.
 */
function realInstant(since: number): number {
  return since - (Date.now() - realNow());
}

function readMails(): ReceivedMail[] {
  const dir = e2eEnv('mailDir');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name): ReceivedMail => JSON.parse(readFileSync(path.join(dir, name), 'utf8')));
}

/**
 * Waits for a code mail to `email` received at or after `since` (ms) and returns the code. The
 * code must also be in the mail's text, as the person reads it there.
 */
export async function waitForCode(
  email: string,
  kind: keyof typeof SUBJECTS,
  since: number,
): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        const mail = readMails()
          .filter((m) => m.to.includes(email.toLowerCase()) && m.receivedAt >= realInstant(since))
          .findLast((m) => SUBJECTS[kind].test(m.subject));
        code = mail ? SUBJECTS[kind].exec(mail.subject)?.[1] : undefined;
        if (mail && code && !mail.text.includes(code))
          throw new Error('the code is not in the mail text');
        return code;
      },
      { message: `a ${kind} mail to ${email}` },
    )
    .toMatch(/^\d{6}$/);
  if (!code) throw new Error('unreachable: no code');
  return code;
}

/** Waits for a mail to `email` received at or after `since` (ms) whose subject matches. */
export async function waitForMail(
  email: string,
  subject: RegExp,
  since: number,
): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      () => {
        found = readMails()
          .filter((m) => m.to.includes(email.toLowerCase()) && m.receivedAt >= realInstant(since))
          .findLast((m) => subject.test(m.subject));
        return found?.subject;
      },
      { message: `a mail to ${email} with subject ${subject}` },
    )
    .toMatch(subject);
  if (!found) throw new Error('unreachable: no mail');
  return found;
}

/** The first link into the product in a mail's text. */
export function linkIn(mail: ReceivedMail, baseUrl: string): URL {
  const escaped = baseUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}/[^\\s]+`).exec(mail.text);
  if (!match) throw new Error(`no link to ${baseUrl} in the mail "${mail.subject}"`);
  return new URL(match[0]);
}
