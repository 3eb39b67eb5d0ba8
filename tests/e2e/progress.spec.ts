import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { parseCsv } from '../helpers/csv';
import { createLogPayload } from '../../src/shared/logs/log-entry.factory';
import type { LogEntryWire } from '../../src/shared/logs/log-entry.schema';
import { formatMonthYear, formatUsDate } from '../../src/shared/logs/time';
import { type Account, createAccount, expect, signInAs, test as base } from './support/fixtures';
import { recordPaperForm } from './support/forms';
import { e2eEnv } from './support/paths';

/**
 * A month two months back: far enough that it is over in every time zone, so it is never shown
 * as the month in progress.
 */
function pastMonth(): string {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1));
  return date.toISOString().slice(0, 7);
}

const MONTH = pastMonth();
const FIRST_DAY = `${MONTH}-02`;
const SECOND_DAY = `${MONTH}-03`;

/**
 * Two logs in MONTH: 4 h (1 supervised, 3 unrestricted, tasks A.1 and B.2) and 3 h without
 * supervision (2 unrestricted, task C.3). 7 hours is under the 20-hour monthly minimum, so the
 * month counts nothing.
 */
const LOGS: Partial<LogEntryWire>[] = [
  {
    date_of_experience: FIRST_DAY,
    time_of_expereince_start: '09:00',
    time_of_expereince_end: '13:00',
    experience_hours: 4,
    unrestricted_hours: 3,
    restricted_hours: 1,
    individual_or_group: 'Individual',
    supervision_start_time: '09:00',
    supervision_end_time: '10:00',
    supervised_hours: 1,
    independant_hours: 3,
    task: ['A.1', 'B.2'],
    experience_note: 'Ran a preference assessment',
  },
  {
    date_of_experience: SECOND_DAY,
    time_of_expereince_start: '09:00',
    time_of_expereince_end: '12:00',
    experience_hours: 3,
    unrestricted_hours: 2,
    restricted_hours: 1,
    individual_or_group: 'No supervision',
    method_of_supervision: '',
    supervision_start_time: '',
    supervision_end_time: '',
    supervised_hours: 0,
    independant_hours: 3,
    client_observation: '',
    supervision_contact: '',
    task: ['C.3'],
    experience_note: 'Graphed the week, then "reviewed" it',
  },
];

async function createLogs(
  request: APIRequestContext,
  account: Account,
  logs: readonly Partial<LogEntryWire>[] = LOGS,
): Promise<void> {
  const headers = { authorization: `token ${account.token}` };
  const record = await request.post('/api/v1/trainee-supervisors/', {
    headers,
    data: { name: 'Dana', lastname: 'Reyes', email: 'dana.reyes@example.com' },
  });
  expect(record.status(), await record.text()).toBe(201);
  const { id } = (await record.json()) as { id: number };
  for (const log of logs) {
    const response = await request.post('/api/v1/experience-log/', {
      headers,
      data: createLogPayload({ supervisor: id, trainee_supervisor: id, ...log }),
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  // The month's form, signed on paper in time (decision 024): past its deadline unsigned, the
  // month's hours would be at risk rather than read by the monthly requirements.
  await recordPaperForm(request, account, id, MONTH);
}

const test = base.extend<object, { traineeWithLogs: Account }>({
  traineeWithLogs: [
    async ({ playwright }, use) => {
      const request = await playwright.request.newContext({ baseURL: e2eEnv('baseUrl') });
      const account = await createAccount(request, 'student', { name: 'Lee Logged' });
      await createLogs(request, account);
      await use(account);
      await request.dispose();
    },
    { scope: 'worker' },
  ],
});

async function openDashboard(page: Page): Promise<void> {
  await page.goto('/student/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
}

test.describe('progress', () => {
  test('the dashboard shows the logged hours, what counts and why', async ({
    page,
    traineeWithLogs,
  }) => {
    await signInAs(page, traineeWithLogs);
    await openDashboard(page);

    await expect(
      page.getByRole('heading', { name: 'Hours that count: 0 of 7 logged', level: 2 }),
    ).toBeVisible();
    // Said once, in the plan's words (not again in a sentence of its own).
    const card = page.getByRole('region', { name: 'Hours that count: 0 of 7 logged' });
    await expect(card.getByTestId('counted-hours-note')).toHaveText(
      /^7 hours of the 7 hours logged do not count: a month that misses a monthly requirement/,
    );
    await expect(card.getByText(/do not count|would not count/)).toHaveCount(1);

    // Progress is the hours that count, as the headline says (issue 36): none of the 7 logged.
    const goal = page.getByRole('region', { name: 'Toward the goal' });
    await expect(goal.getByRole('img', { name: /^0% of the 2,000-hour goal/ })).toBeVisible();
    await expect(goal.getByRole('row', { name: 'Hours that count 0 h 0%' })).toBeVisible();
    await expect(goal.getByRole('row', { name: 'Still to go 2,000 h 100%' })).toBeVisible();
    await expect(goal.getByText(/concentrated hours counted ×1\.33/)).toBeVisible();
    await expect(goal.getByText(/Logged: 7 hours, kept as you worked them/)).toBeVisible();

    const split = page.getByRole('region', { name: 'Restricted vs unrestricted' });
    await expect(split.getByRole('row', { name: 'Unrestricted 5 h 71.4%' })).toBeVisible();
    await expect(split.getByRole('row', { name: 'Restricted 2 h 28.6%' })).toBeVisible();

    const details = page.getByRole('table', { name: 'Monthly Details' });
    const monthRow = details.getByRole('row', { name: new RegExp(`^${formatMonthYear(MONTH)}`) });
    await expect(monthRow.getByRole('cell')).toHaveText(['0 of 7', '7', '1', '5', '2']);
    await expect(
      details.getByText('Fewer than 20 hours this month: 0 of 7 hours count'),
    ).toBeVisible();

    await details.getByRole('link', { name: formatMonthYear(MONTH) }).click();
    await expect(page).toHaveURL(new RegExp(`/student/monthly-document\\?month=${MONTH}$`));
    // The month picker names the month (the months-signed list beside it links to it too).
    await expect(
      page.locator('p', { hasText: new RegExp(`^${formatMonthYear(MONTH)}$`) }),
    ).toBeVisible();
  });

  test('a supervision percentage just under the minimum reads as under it', async ({
    page,
    request,
    newAccount,
  }) => {
    // 11 days of 11 hours, 6 of them with an hour of individual supervision: 6 of 121 hours is
    // 4.958…% supervision, so one independent hour is removed to reach 5% of 120.
    const days = Array.from({ length: 11 }, (_, index) => index + 2);
    const logs = days.map((day, index): Partial<LogEntryWire> => ({
      date_of_experience: `${MONTH}-${String(day).padStart(2, '0')}`,
      time_of_expereince_start: '08:00',
      time_of_expereince_end: '19:00',
      experience_hours: 11,
      unrestricted_hours: 8,
      restricted_hours: 3,
      ...(index < 6
        ? {
            individual_or_group: 'Individual',
            supervision_start_time: '08:00',
            supervision_end_time: '09:00',
            supervised_hours: 1,
            independant_hours: 10,
          }
        : {
            individual_or_group: 'No supervision',
            method_of_supervision: '',
            supervision_start_time: '',
            supervision_end_time: '',
            supervised_hours: 0,
            independant_hours: 11,
            client_observation: '',
            supervision_contact: '',
          }),
    }));
    const trainee = await newAccount('student', { name: 'Pat Percent' });
    await createLogs(request, trainee, logs);

    await signInAs(page, trainee);
    await openDashboard(page);
    const details = page.getByRole('table', { name: 'Monthly Details' });
    const monthRow = details.getByRole('row', { name: new RegExp(`^${formatMonthYear(MONTH)}`) });
    await expect(monthRow.getByRole('cell')).toHaveText(['120 of 121', '121', '6', '88', '33']);
    await expect(
      details.getByText(
        'Supervision was 4.96% of hours (5% required): 1 independent hour removed',
        { exact: true },
      ),
    ).toBeVisible();
  });

  test('the grid shows the completed task with its date and lists its logs', async ({
    page,
    traineeWithLogs,
  }) => {
    await signInAs(page, traineeWithLogs);
    await page.goto(`/student/monthly-document?month=${MONTH}`);
    await expect(
      page.getByRole('heading', { name: 'Test Content Outline Grid', level: 1 }),
    ).toBeVisible();
    await expect(page.getByRole('radio', { name: 'View Monthly' })).toBeChecked();

    const completed = page.getByRole('button', { name: /^A\.1\b/ });
    await expect(completed).toContainText(`Dates completed: ${formatUsDate(FIRST_DAY)}`);
    await expect(page.getByRole('button', { name: /^C\.3\b/ })).toContainText(
      `Dates completed: ${formatUsDate(SECOND_DAY)}`,
    );
    await expect(page.getByRole('button', { name: /^A\.2\b/ })).toContainText('Task not completed');
    await expect(page.getByText('Select a task above to view specific logs')).toBeVisible();
    await expect(page.getByText(/^Source: BCBA Test Content Outline, 6th ed\./)).toBeVisible();

    await completed.click();
    await expect(completed).toHaveAttribute('aria-pressed', 'true');
    const taskLogs = page.getByRole('table', { name: /^Logs for A\.1/ });
    await expect(taskLogs.getByRole('row')).toHaveCount(2);
    await expect(
      taskLogs.getByRole('link', { name: new RegExp(`^${formatUsDate(FIRST_DAY)},`) }),
    ).toBeVisible();

    await expect(page.getByText('No flagged items found')).toBeVisible();
    const logs = page.getByRole('table', { name: 'Experience Logs' });
    await expect(logs.getByRole('row')).toHaveCount(3);
    await expect(logs.getByRole('row').nth(1)).toContainText(formatUsDate(SECOND_DAY));
    await expect(logs.getByRole('row').nth(1)).toContainText('pending');
    await logs.getByRole('link', { name: new RegExp(`^${formatUsDate(FIRST_DAY)},`) }).click();
    await expect(page).toHaveURL(/\/student\/editLogHour\/\d+$/);

    // The overall view holds both months' tasks with the same dates.
    await page.goto('/student/monthly-document');
    await expect(page.getByRole('radio', { name: 'View Overall' })).toBeChecked();
    await expect(page.getByText('Overall Progress')).toBeVisible();
    await expect(page.getByRole('button', { name: /^B\.2\b/ })).toContainText(
      `Dates completed: ${formatUsDate(FIRST_DAY)}`,
    );
  });

  test('the Task Data card downloads the chosen logs as CSV', async ({ page, traineeWithLogs }) => {
    await signInAs(page, traineeWithLogs);
    await openDashboard(page);
    const card = page.getByRole('region', { name: 'Task Data' });

    const [everything] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(everything.suggestedFilename()).toBe('Experience logs.csv');
    const all = parseCsv(readFileSync(await everything.path(), 'utf8'));
    expect(all[0]?.slice(0, 3)).toEqual(['Date', 'Start time', 'End time']);
    // Cells by their column's header, so that a new column does not shift what is read.
    const header = all[0] ?? [];
    const cells = (row: string[], ...names: string[]) =>
      names.map((name) => row[header.indexOf(name)]);
    const picked = ['Date', 'Experience hours', 'Tasks', 'Notes'];
    expect(all.slice(1).map((row) => cells(row, ...picked))).toEqual([
      [FIRST_DAY, '4', 'A.1; B.2', 'Ran a preference assessment'],
      [SECOND_DAY, '3', 'C.3', 'Graphed the week, then "reviewed" it'],
    ]);

    await card.getByRole('combobox', { name: 'Tasks' }).fill('C.3');
    await page.getByRole('option', { name: /^C\.3 / }).click();
    await page.keyboard.press('Escape');
    const [filtered] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const rows = parseCsv(readFileSync(await filtered.path(), 'utf8'));
    expect(rows.slice(1).map((row) => cells(row, 'Date', 'Tasks'))).toEqual([[SECOND_DAY, 'C.3']]);
  });

  test('a trainee with no logs is shown where to start', async ({ page, trainee }) => {
    await signInAs(page, trainee);
    await openDashboard(page);
    await expect(page.getByText('No hours logged yet')).toBeVisible();
    await page.getByRole('link', { name: 'Log your first hours' }).click();
    await expect(page).toHaveURL(/\/student\/logHour$/);
  });

  test('the profile lights the milestones reached', async ({ page, traineeWithLogs }) => {
    await signInAs(page, traineeWithLogs);
    await page.goto('/student/profile-screen');
    const milestones = page.getByRole('region', { name: 'Milestones' });
    await expect(milestones.getByText('Overall progress: 0% of 2,000 hours')).toBeVisible();
    const supervised = milestones.getByRole('list', { name: 'Non-concentrated hours' });
    await expect(supervised.getByRole('img')).toHaveCount(10);
    await expect(
      supervised.getByRole('img', { name: '10% milestone not reached yet' }),
    ).toBeVisible();
    await expect(
      milestones.getByRole('list', { name: 'Concentrated hours', exact: true }).getByRole('img', {
        name: '100% milestone not reached yet',
      }),
    ).toBeVisible();
  });
});
