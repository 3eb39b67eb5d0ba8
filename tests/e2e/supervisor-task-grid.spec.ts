import type { APIRequestContext } from '@playwright/test';
import { createLogPayload } from '../../src/shared/logs/log-entry.factory';
import { addMonths, formatMonthYear, formatUsDate } from '../../src/shared/logs/time';
import { acceptRequestFrom, type Account, expect, signInAs, test } from './support/fixtures';

/** A month two months back, over in every time zone. */
function pastMonth(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1))
    .toISOString()
    .slice(0, 7);
}

/** The month as the browser (New York, set by the config) sees it, 'YYYY-MM'. */
function browserMonth(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' })
    .format(new Date())
    .slice(0, 7);
}

const MONTH = pastMonth();
const FIRST_DAY = `${MONTH}-02`;

/** Names the supervisor as the trainee's and logs A.1 and B.2 on FIRST_DAY, C.3 the day after. */
async function linkWithLogs(request: APIRequestContext, trainee: Account, supervisor: Account) {
  const headers = { authorization: `token ${trainee.token}` };
  const record = await request.post('/api/v1/trainee-supervisors/', {
    headers,
    data: { name: 'Sam', lastname: 'Supervisor', email: supervisor.email },
  });
  expect(record.status(), await record.text()).toBe(201);
  await acceptRequestFrom(request, supervisor, trainee);
  const { id } = (await record.json()) as { id: number };
  for (const [date, task] of [
    [FIRST_DAY, ['A.1', 'B.2']],
    [`${MONTH}-03`, ['C.3']],
  ] as const) {
    const response = await request.post('/api/v1/experience-log/', {
      headers,
      data: createLogPayload({
        supervisor: id,
        trainee_supervisor: id,
        date_of_experience: date,
        task: [...task],
      }),
    });
    expect(response.status(), await response.text()).toBe(201);
  }
}

test.describe('supervisor task grid', () => {
  test('the only trainee’s grid opens; a pressed task lists their logs of it, and clears', async ({
    page,
    request,
    newAccount,
  }) => {
    const supervisor = await newAccount('supervisor', { name: 'Grace Grid' });
    const trainee = await newAccount('student', { name: 'Toby Tasks' });
    await linkWithLogs(request, trainee, supervisor);

    await signInAs(page, supervisor);
    await page.goto('/supervisor/monthly-document');
    await expect(
      page.getByRole('heading', { name: 'Test Content Outline Grid', level: 1 }),
    ).toBeVisible();
    await expect(
      page.getByText('The tasks a trainee’s logs document, over all months.'),
    ).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Trainee' })).toHaveValue('Toby Tasks');
    await expect(page.getByRole('radio', { name: 'View Overall' })).toBeChecked();
    await expect(page.getByRole('button', { name: /^A\.1\b/ })).toContainText(
      `Dates completed: ${formatUsDate(FIRST_DAY)}`,
    );
    await expect(page.getByRole('heading', { name: 'Task logs', level: 2 })).toBeVisible();
    await expect(page.getByText('Select a task above to view specific logs')).toBeVisible();
    await expect(page.getByText(/^Source: BCBA Test Content Outline, 6th ed\./)).toBeVisible();

    // The current month has no logs: the grid says so by name.
    await page.getByText('View Monthly').click();
    await expect(page).toHaveURL(new RegExp(`\\?view=monthly&month=${browserMonth()}$`));
    await expect(
      page.getByText(`Toby Tasks documented no tasks in ${formatMonthYear(browserMonth())}.`),
    ).toBeVisible();

    // Back to the month of the logs, a month a click, each shown before the next click (the
    // browser's month and MONTH's can be one or two apart), where pressing a task lists the
    // trainee's logs of it.
    for (let shown = browserMonth(); shown > MONTH;) {
      shown = addMonths(shown, -1);
      await page.getByRole('button', { name: 'Previous month' }).click();
      await expect(page.getByRole('group', { name: 'Month' })).toContainText(
        formatMonthYear(shown),
      );
    }
    const task = page.getByRole('button', { name: /^A\.1\b/ });
    await task.click();
    await expect(task).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(new RegExp(`\\?view=monthly&month=${MONTH}&task=A\\.1$`));
    await expect(page.getByRole('heading', { name: 'Logs for A.1', level: 2 })).toBeVisible();
    const logs = page.getByRole('table', { name: 'Logs for A.1' });
    await expect(logs.getByRole('row', { name: /Toby Tasks/ })).toContainText(
      formatUsDate(FIRST_DAY),
    );
    await expect(logs.getByRole('row', { name: /Toby Tasks/ })).toHaveCount(1);

    await page.getByRole('button', { name: 'Clear the task' }).click();
    await expect(page.getByRole('heading', { name: 'Task logs', level: 2 })).toBeVisible();
    await expect(task).toHaveAttribute('aria-pressed', 'false');
    await expect(page).toHaveURL(new RegExp(`\\?view=monthly&month=${MONTH}$`));

    // A quick double click moves two months, each click from the month the one before asked for.
    const twoBack = addMonths(MONTH, -2);
    await page.getByRole('button', { name: 'Previous month' }).dblclick();
    await expect(page).toHaveURL(new RegExp(`\\?view=monthly&month=${twoBack}$`));
    await expect(page.getByRole('group', { name: 'Month' })).toContainText(
      formatMonthYear(twoBack),
    );
    await page.getByRole('button', { name: 'Next month' }).dblclick();
    await expect(page).toHaveURL(new RegExp(`\\?view=monthly&month=${MONTH}$`));
    await expect(page.getByRole('group', { name: 'Month' })).toContainText(formatMonthYear(MONTH));

    // A trainee who is not on the list is not shown.
    await page.goto('/supervisor/monthly-document?u_id=999999');
    await expect(page.getByText('Choose a trainee')).toBeVisible();
    await expect(page.getByText('That trainee is not on your list.')).toBeVisible();
  });

  test('a supervisor without trainees is told so', async ({ page, newAccount }) => {
    const supervisor = await newAccount('supervisor', { name: 'Nell Nobody' });
    await signInAs(page, supervisor);
    await page.goto('/supervisor/monthly-document');
    await expect(page.getByText('No trainees found')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Test Content Outline Grid' })).toHaveCount(0);
  });
});
