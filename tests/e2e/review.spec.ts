import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { createLogPayload } from '../../src/shared/logs/log-entry.factory';
import type { LogEntryWire } from '../../src/shared/logs/log-entry.schema';
import { formatMonthYear, formatUsDate } from '../../src/shared/logs/time';
import {
  acceptRequestFrom,
  type Account,
  expect,
  PASSWORD,
  signInAs,
  signOut,
  SUPERVISOR_CREDENTIALS,
  test,
  uniqueEmail,
  authHeader,
} from './support/fixtures';
import { linkIn, waitForCode, waitForMail } from './support/mailbox';

mkdirSync('.tmp/screenshots', { recursive: true });

const TIME_ZONE = 'America/New_York';

/** Today as the browser (set to New York by the config) sees it, 'YYYY-MM-DD'. */
function browserToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());
}

/** A month two months back, over in every time zone. */
function pastMonth(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1))
    .toISOString()
    .slice(0, 7);
}

/** A day as the calendar names it: 'Sunday, November 22, 2026'. */
function dayName(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The trainee's supervisor record for an email, added through the API when it is not there. */
async function supervisorRecord(
  request: APIRequestContext,
  trainee: Account,
  email: string,
): Promise<number> {
  const list = await request.get('/api/v1/trainee-supervisors/', { headers: authHeader(trainee) });
  const rows = ((await list.json()) as { results: { id: number; email: string }[] }).results;
  const found = rows.find((row) => row.email === email);
  if (found) return found.id;
  const created = await request.post('/api/v1/trainee-supervisors/', {
    headers: authHeader(trainee),
    data: { name: 'Sam', lastname: 'Supervisor', email },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

async function createLog(
  request: APIRequestContext,
  trainee: Account,
  record: number,
  overrides: Partial<LogEntryWire>,
): Promise<number> {
  const response = await request.post('/api/v1/experience-log/', {
    headers: authHeader(trainee),
    data: createLogPayload({ supervisor: record, trainee_supervisor: record, ...overrides }),
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** The session the browser holds (after signing up through the forms), to come back to it. */
async function browserSession(page: Page, account: Omit<Account, 'token' | 'user'>) {
  const session = await page.evaluate(() => ({
    token: localStorage.getItem('token') ?? '',
    user: JSON.parse(localStorage.getItem('user') ?? 'null') as unknown,
  }));
  expect(session.token).not.toBe('');
  return { ...account, ...session };
}

test.describe('supervisor review', () => {
  test('a trainee invites their supervisor, who flags a log; the trainee resends it and it is approved', async ({
    page,
    request,
    newAccount,
    baseURL,
  }) => {
    test.slow(); // Two people's whole journey, mails included.
    const trainee = await newAccount('student', { name: 'Riley Resend' });
    const supervisorEmail = uniqueEmail('invited-supervisor');
    const today = browserToday();

    // The trainee adds their supervisor and invites them from the profile screen.
    await signInAs(page, trainee);
    await page.goto('/student/profile-screen');
    await page.getByRole('button', { name: 'Add Supervisor' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add Supervisor' });
    await addDialog.getByRole('textbox', { name: 'Full Name', exact: true }).fill('Sam Invited');
    await addDialog.getByRole('textbox', { name: 'Email', exact: true }).fill(supervisorEmail);
    await addDialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Successfully submitted!')).toBeVisible();
    const sentSince = Date.now();
    await page.getByRole('button', { name: 'Invite Sam Invited to tracker' }).click();
    const inviteDialog = page.getByRole('dialog', { name: 'Invite Supervisor to Tracker!' });
    await expect(
      inviteDialog.getByText(`An invitation email will be sent to ${supervisorEmail}.`),
    ).toBeVisible();
    await inviteDialog.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(page.getByText('Invitation Sent!')).toBeVisible();
    await expect(inviteDialog).toBeHidden();
    await expect(page.getByText(/^Invited /).filter({ visible: true })).toBeVisible();

    // A pending log today, naming that supervisor.
    const record = await supervisorRecord(request, trainee, supervisorEmail);
    const logId = await createLog(request, trainee, record, {
      date_of_experience: today,
      experience_note: 'Ran a preference assessment',
    });

    // The supervisor registers from the mailed link, the email locked, and verifies.
    const invitation = await waitForMail(supervisorEmail, /invited you to review/, sentSince);
    const registerLink = linkIn(invitation, baseURL ?? '');
    expect(registerLink.pathname).toBe('/register/supervisor');
    await signOut(page);
    await page.goto(registerLink.pathname + registerLink.search);
    const email = page.getByRole('textbox', { name: 'Email', exact: true });
    await expect(email).toHaveValue(supervisorEmail);
    await expect(email).toHaveAttribute('readonly', '');
    await page.getByRole('textbox', { name: 'Full Name', exact: true }).fill('Sam Invited');
    await page
      .getByRole('textbox', { name: 'BACB Account ID Number', exact: true })
      .fill(SUPERVISOR_CREDENTIALS.bacb_account_number);
    await page
      .getByRole('textbox', { name: 'BACB Certification ID Number', exact: true })
      .fill(SUPERVISOR_CREDENTIALS.bacb_certification_number);
    await page.getByRole('textbox', { name: 'Supervisor Qualification', exact: true }).fill('BCBA');
    for (const [label, date] of [
      ['Date Qualified to Supervise', SUPERVISOR_CREDENTIALS.date_qualified],
      ['Date of Supervision Contract', SUPERVISOR_CREDENTIALS.date_contract],
    ] as const) {
      await page.getByRole('textbox', { name: label, exact: true }).fill(date);
      await page.getByRole('textbox', { name: label, exact: true }).press('Tab');
    }
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill(PASSWORD);
    await page.getByRole('checkbox', { name: /I agree to the/ }).check();
    const signedUpSince = Date.now();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/verify-email$/);
    const code = await waitForCode(supervisorEmail, 'verification', signedUpSince);
    await page.getByRole('textbox', { name: 'Verification Token', exact: true }).fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/supervisor\/signlogs$/);
    const supervisor = await browserSession(page, {
      role: 'supervisor',
      name: 'Sam Invited',
      email: supervisorEmail,
      password: PASSWORD,
    });

    // The trainee's request waits on the home screen (issue 36): nothing of theirs shows until
    // the supervisor accepts it.
    const requests = page.getByRole('region', { name: 'Trainee requests' });
    await expect(requests.getByRole('heading', { name: 'Riley Resend' })).toBeVisible();
    await expect(page.getByRole('button', { name: `${dayName(today)}: pending logs` })).toHaveCount(
      0,
    );
    await requests.getByRole('button', { name: 'Accept Riley Resend' }).click();
    await expect(page.getByText('Riley Resend is now one of your trainees.')).toBeVisible();
    await expect(requests).toBeHidden();

    // Today carries a red (pending) dot; its list shows the log.
    await expect(
      page.getByRole('button', { name: `${dayName(today)}: pending logs` }),
    ).toBeVisible();
    const dayLogs = page.getByRole('table', { name: dayName(today) });
    await expect(dayLogs.getByRole('row', { name: /Riley Resend/ })).toContainText('A.1, B.2');
    await page.screenshot({ path: '.tmp/screenshots/review-signlogs-pending.png' });

    // The supervisor opens the log and flags a field with a comment.
    await dayLogs.getByRole('link', { name: /^View the log of Riley Resend/ }).click();
    await expect(page).toHaveURL(new RegExp(`/supervisor/log-details/${logId}$`));
    await expect(page.getByRole('heading', { name: 'Log of Riley Resend' })).toBeVisible();
    await expect(page.getByText('Ran a preference assessment')).toBeVisible();
    await page.getByRole('button', { name: 'Flag', exact: true }).click();
    await expect(page).toHaveURL(/\?action=flag$/);
    await page.getByRole('button', { name: 'Flag log' }).click();
    await expect(page.getByRole('form', { name: 'Flag this log' }).getByRole('alert')).toHaveText(
      'Please select the Items that you want to flag!',
    );
    const flaggedSince = Date.now();
    await page.getByRole('checkbox', { name: 'Experience Notes' }).check();
    await page
      .getByRole('textbox', { name: 'Comment on Experience Notes (optional)' })
      .fill('Say which client programme this was.');
    await page.getByRole('button', { name: 'Flag 1 field' }).click();
    await expect(page.getByText('Successfully flagged!')).toBeVisible();
    await expect(page.getByText('Comment: Say which client programme this was.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Flag', exact: true })).toHaveCount(0);

    // The trainee is mailed the flag, with a link to correct the log.
    const flagMail = await waitForMail(trainee.email, /flagged your log/, flaggedSince);
    expect(flagMail.text).toContain('Experience Notes: Say which client programme this was.');
    expect(linkIn(flagMail, baseURL ?? '').pathname + linkIn(flagMail, baseURL ?? '').search).toBe(
      `/student/edit-resend?id=${logId}`,
    );

    // The trainee sees it flagged, corrects it and resends it.
    await signInAs(page, trainee);
    await page.goto(`/student/monthly-document?view=monthly&month=${today.slice(0, 7)}`);
    const flaggedTable = page.getByRole('table', { name: 'Flagged Logs' });
    await expect(flaggedTable).toContainText('Say which client programme this was.');
    await flaggedTable
      .getByRole('link', { name: `Edit and resend the log of ${formatUsDate(today)}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/student/edit-resend\\?id=${logId}$`));
    const notes = page.getByRole('textbox', { name: 'Experience Notes (Flagged)' });
    await expect(notes).toHaveAccessibleDescription(
      'Supervisor’s comment: Say which client programme this was.',
    );
    await expect(page.getByRole('combobox', { name: 'Setting', exact: true })).toBeVisible();
    await notes.fill('Ran a preference assessment in the early-learning programme.');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Successfully submitted')).toBeVisible();
    await expect(page).toHaveURL(/\/student\/monthly-document\?/);
    await expect(page.getByText('No flagged items found')).toBeVisible();

    // The supervisor approves it; the day's dot turns green.
    await signInAs(page, supervisor);
    await page.goto('/supervisor/signlogs');
    await expect(
      page.getByRole('button', { name: `${dayName(today)}: pending logs` }),
    ).toBeVisible();
    await page.getByRole('link', { name: /^View the log of Riley Resend/ }).click();
    // The note as resent, in the log itself (the history below repeats it once it loads).
    await expect(
      page.getByRole('region', { name: 'The log' }).getByText('early-learning programme'),
    ).toBeVisible();

    // Before attesting it, the supervisor reads what changed since the flag, and who changed it.
    const history = page.getByRole('region', { name: 'History' });
    await expect(history.getByRole('heading', { level: 3 })).toHaveText([
      'Edited and resent by Riley Resend',
      'Flagged by Sam Invited',
      'Created by Riley Resend',
    ]);
    await expect(
      history.getByRole('row', { name: /^Experience Notes/ }).getByRole('cell'),
    ).toHaveText([
      'Ran a preference assessment',
      'Ran a preference assessment in the early-learning programme.',
    ]);
    await expect(history.getByRole('row', { name: /^Flags/ }).getByRole('cell')).toHaveText([
      '—',
      'Experience Notes: Say which client programme this was.',
    ]);
    // Newest first: the resend put it back to pending; the flag had taken it from pending.
    const statusRows = history.getByRole('row', { name: /^Status/ });
    await expect(statusRows).toHaveCount(2);
    await expect(statusRows.nth(0)).toHaveAccessibleName('Status flagged pending');
    await expect(statusRows.nth(1)).toHaveAccessibleName('Status pending flagged');

    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(page.getByText('Successfully approved!')).toBeVisible();
    await expect(page.getByText(/^Approved on /)).toBeVisible();
    await expect(history.getByRole('heading', { level: 3 }).first()).toHaveText(
      'Approved by Sam Invited',
    );
    await page.getByRole('link', { name: `Back to ${dayName(today)}` }).click();
    await expect(
      page.getByRole('button', { name: `${dayName(today)}: approved logs`, exact: true }),
    ).toBeVisible();
    await page.screenshot({ path: '.tmp/screenshots/review-signlogs-approved.png' });
  });

  test('a supervisor approves a month after seeing its logs, signs it off, and removes and restores the trainee', async ({
    page,
    request,
    newAccount,
  }) => {
    const supervisor = await newAccount('supervisor', { name: 'Morgan Months' });
    const trainee = await newAccount('student', { name: 'Mo Monthly' });
    const month = pastMonth();
    const record = await supervisorRecord(request, trainee, supervisor.email);
    await acceptRequestFrom(request, supervisor, trainee);
    for (const day of ['03', '04']) {
      await createLog(request, trainee, record, { date_of_experience: `${month}-${day}` });
    }

    await signInAs(page, supervisor);
    await page.goto('/supervisor/trainees');
    const trainees = page.getByRole('table', { name: 'Your trainees' });
    await expect(trainees.getByRole('row', { name: /Mo Monthly/ })).toContainText('2 pending');
    await trainees.getByRole('link', { name: 'Mo Monthly', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Mo Monthly', level: 1 })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Total' })).toBeVisible();

    const label = formatMonthYear(month);
    // The Months section (the official forms section lists the month too).
    const monthRow = page
      .getByRole('region', { name: 'Months' })
      .getByRole('listitem')
      .filter({ hasText: label });
    await expect(monthRow).toContainText('Open');
    await monthRow.getByRole('button', { name: `Approve the 2 pending logs of ${label}` }).click();
    const confirm = page.getByRole('dialog', {
      name: `Approve Mo Monthly’s pending logs of ${label}?`,
    });
    await expect(confirm.getByRole('listitem')).toHaveCount(2);
    await expect(confirm).toContainText(formatUsDate(`${month}-03`));
    await confirm.getByRole('button', { name: 'Approve 2 logs' }).click();
    await expect(page.getByText('Successfully approved!')).toBeVisible();
    await expect(monthRow).toContainText('Ready for sign-off');

    await monthRow.getByRole('button', { name: `Sign off ${label}` }).click();
    await page
      .getByRole('dialog', { name: `Sign off ${label}?` })
      .getByRole('button', { name: 'Sign off month' })
      .click();
    await expect(page.getByText(`${label} signed off`)).toBeVisible();
    await expect(monthRow).toContainText('Signed');
    await expect(monthRow.getByRole('button', { name: `Reopen ${label}` })).toBeVisible();

    // The trainee sees the month signed.
    await signInAs(page, trainee);
    await page.goto('/student/dashboard');
    const signoff = page.getByRole('region', { name: 'Monthly sign-off' });
    await expect(signoff.getByRole('listitem').filter({ hasText: label })).toContainText('Signed');

    // Nothing waits any more.
    await signInAs(page, supervisor);
    await page.goto('/supervisor/pending-logs');
    await expect(page.getByText('No pending logs found')).toBeVisible();
    await page.goto('/supervisor/flagged-logs');
    await expect(page.getByText('No flagged logs found')).toBeVisible();

    // Remove, then restore the trainee.
    await page.goto('/supervisor/trainees');
    await page.getByRole('button', { name: 'Remove Mo Monthly' }).click();
    await page
      .getByRole('dialog', { name: 'Remove Mo Monthly?' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(page.getByText('Successfully User removed')).toBeVisible();
    await expect(page.getByText('No trainees found')).toBeVisible();
    const removed = page.getByRole('region', { name: 'Removed trainees' });
    await removed.getByRole('button', { name: 'Restore Mo Monthly' }).click();
    await expect(page.getByText('Successfully User restored')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Your trainees' })).toContainText('Mo Monthly');
    await expect(removed).toBeHidden();
  });

  test('a long pending list comes from the server a page at a time, and so do all of a trainee’s logs', async ({
    page,
    request,
    newAccount,
  }) => {
    const supervisor = await newAccount('supervisor', { name: 'Pat Pages' });
    const trainee = await newAccount('student', { name: 'Paige Pending' });
    const month = pastMonth();
    const record = await supervisorRecord(request, trainee, supervisor.email);
    await acceptRequestFrom(request, supervisor, trainee);
    // 23 logs: the 1st to the 23rd of the month.
    for (let day = 1; day <= 23; day += 1) {
      await createLog(request, trainee, record, {
        date_of_experience: `${month}-${String(day).padStart(2, '0')}`,
      });
    }

    await signInAs(page, supervisor);
    await page.goto('/supervisor/pending-logs');
    const pending = page.getByRole('table', { name: 'Pending logs' });
    // Newest first: the 23rd down to the 4th on the first page, then the 3rd to the 1st.
    await expect(pending.getByRole('row')).toHaveCount(1 + 20);
    await expect(pending).toContainText(formatUsDate(`${month}-23`));
    await expect(page.getByText('23 logs')).toBeVisible();
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(pending.getByRole('row')).toHaveCount(1 + 3);
    await expect(pending).toContainText(formatUsDate(`${month}-01`));
    await expect(pending).not.toContainText(formatUsDate(`${month}-23`));
    await page.screenshot({ path: '.tmp/screenshots/review-pending-page-2.png', fullPage: true });

    // The trainee's monthly document over all months: the same pages of Experience Logs.
    await signInAs(page, trainee);
    await page.goto('/student/monthly-document');
    const logs = page.getByRole('table', { name: 'Experience Logs' });
    await expect(page.getByText('1–20 of 23 logs')).toBeVisible();
    await page
      .getByRole('region', { name: 'Experience Logs' })
      .getByRole('button', { name: 'Page 2' })
      .click();
    await expect(page.getByText('21–23 of 23 logs')).toBeVisible();
    await expect(logs).toContainText(formatUsDate(`${month}-01`));
    await page
      .getByRole('region', { name: 'Experience Logs' })
      .screenshot({ path: '.tmp/screenshots/monthly-document-page-2.png' });
  });
});
