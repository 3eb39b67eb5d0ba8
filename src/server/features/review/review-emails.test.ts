import { describe, expect, it } from 'vitest';
import { resetMail, verificationMail } from '../accounts';
import { digestMail, flaggedMail, invitationMail } from './review-emails';

/*
 * Issue 12: text users write and others read (names, flag comments) is shown as text in every
 * mail's HTML, never as markup; the plain-text part carries it as written.
 */

const HOSTILE = '<img src=x onerror=alert(1)>';
const ESCAPED = '&#60;img src=x onerror=alert(1)&#62;';
const APP = 'https://fieldwork.example';

describe('mails with what users wrote in them', () => {
  it.each([
    ['an invitation (the trainee’s name)', () => invitationMail('s@example.com', HOSTILE, APP)],
    [
      'a flagged log (the supervisor’s name and comment)',
      () =>
        flaggedMail({
          to: 't@example.com',
          traineeName: HOSTILE,
          supervisorName: HOSTILE,
          logId: 7,
          date: '2026-03-02',
          flags: { setting: { comment: HOSTILE } },
          appUrl: APP,
        }),
    ],
    [
      'a digest (the trainees’ names)',
      () =>
        digestMail({
          to: 's@example.com',
          supervisorName: HOSTILE,
          waiting: [{ traineeName: HOSTILE, pending: 2, oldest: '2026-03-02' }],
          appUrl: APP,
          unsubscribeUrl: `${APP}/api/v1/digest/unsubscribe/?u=1&token=${'ab'.repeat(24)}`,
        }),
    ],
    [
      'a verification code (the name)',
      () => verificationMail('t@example.com', HOSTILE, '123456', APP),
    ],
    ['a reset code (the name)', () => resetMail('t@example.com', HOSTILE, '123456', APP)],
  ])('shows %s as text in the HTML', (_, mail) => {
    const { html, text } = mail();
    expect(html).toBeDefined();
    expect(html).not.toContain('<img');
    expect(html).toContain(ESCAPED);
    expect(text).toContain(HOSTILE);
  });
});
