import { mkdirSync, readFileSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { readPdfText } from '../../src/server/adapters/pdf/pdf-text';
import { createLogPayload } from '../../src/shared/logs/log-entry.factory';
import { formatMonthYear } from '../../src/shared/logs/time';
import {
  acceptRequestFrom,
  type Account,
  expect,
  expectNoHorizontalScroll,
  signInAs,
  test,
} from './support/fixtures';

mkdirSync('.tmp/screenshots', { recursive: true });

/** A month two months back, over in every time zone. */
function pastMonth(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1))
    .toISOString()
    .slice(0, 7);
}

const MONTH = pastMonth();
const CONTACT_DAY = `${MONTH}-12`;
const NOTE = 'Zoë – ✓ asked how to graph the baseline';
const SECTIONS = [
  'Fieldwork Hours Check',
  'Supervisee Check',
  'Observation Check',
  'Clinical Practice Check',
  'Task List Review Check',
];

/** The trainee names the supervisor and logs three hours (one supervised) early in MONTH. */
async function linkWithLog(request: APIRequestContext, trainee: Account, supervisor: Account) {
  const headers = { authorization: `token ${trainee.token}` };
  const record = await request.post('/api/v1/trainee-supervisors/', {
    headers,
    data: { name: 'Dana', lastname: 'Reyes', email: supervisor.email },
  });
  expect(record.status(), await record.text()).toBe(201);
  await acceptRequestFrom(request, supervisor, trainee);
  const { id } = (await record.json()) as { id: number };
  const log = await request.post('/api/v1/experience-log/', {
    headers,
    data: createLogPayload({
      supervisor: id,
      trainee_supervisor: id,
      date_of_experience: `${MONTH}-02`,
    }),
  });
  expect(log.status(), await log.text()).toBe(201);
}

/** Picks an option of a Mantine Select by its label. */
async function choose(scope: Locator | Page, page: Page, label: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

/** The supervisor's form: one section of it, by its legend. */
const section = (page: Page, legend: string) => page.getByRole('group', { name: legend });

async function writeAgenda(page: Page): Promise<void> {
  await page.goto('/supervisor/monthly-document');
  await expect(page.getByRole('combobox', { name: 'Trainee' })).toHaveValue('Zoë Ångström');
  const writer = page.getByRole('region', { name: 'Supervision contact agenda' });
  const date = writer.getByRole('textbox', { name: 'Date', exact: true });
  await date.fill(CONTACT_DAY);
  await date.press('Enter');
  await expect(writer.getByText(`A new agenda for ${CONTACT_DAY}.`)).toBeVisible();
  await expect(writer.getByRole('textbox', { name: 'Supervisee' })).toHaveValue('Zoë Ångström');
  await writer.getByRole('textbox', { name: 'Start Time' }).fill('09:00');
  await writer.getByRole('textbox', { name: 'End Time' }).fill('10:30');
  await choose(writer, page, 'Format', 'In Person');

  const hours = section(page, 'Fieldwork Hours Check');
  await hours.getByRole('checkbox', { name: 'Covered in this contact' }).check();
  await hours.getByRole('radio', { name: 'Supervised Fieldwork' }).check();
  const supervisee = section(page, 'Supervisee Check');
  await supervisee.getByRole('checkbox', { name: 'Covered in this contact' }).check();
  await supervisee.getByRole('textbox', { name: 'Questions and feedback' }).fill(NOTE);
  const clinical = section(page, 'Clinical Practice Check');
  await clinical.getByRole('textbox', { name: 'Type' }).fill('Parent training');
  await clinical.getByRole('radio', { name: 'Completed', exact: true }).check();
  await clinical.getByRole('radio', { name: 'Online' }).check();
  const review = section(page, 'Task List Review Check');
  await review.getByRole('checkbox', { name: 'Covered in this contact' }).check();
  await review.getByRole('button', { name: 'Add a task' }).click();
  const task = review.getByRole('group', { name: 'Task 1' });
  await task.getByRole('combobox', { name: 'Task' }).fill('C.1');
  await page.getByRole('option', { name: /^C\.1 / }).click();
  await task.getByRole('checkbox', { name: 'Can Demonstrate' }).check();
  await task.getByRole('textbox', { name: 'Feedback' }).fill('Reviewed the data sheet');

  await page.getByRole('button', { name: 'Save agenda' }).click();
  const toast = page.getByRole('alert').filter({ hasText: 'Successfully submitted!' });
  await expect(toast).toBeVisible();
  // A success toast closes by itself (TOAST_MS.success): wait for that state. Clicking its close
  // button raced the auto-close on a loaded machine and then waited for a button already gone.
  await expect(toast).toBeHidden();
  await expect(writer.getByText(`Changing the agenda you saved for ${CONTACT_DAY}.`)).toBeVisible();
  await expect(writer.getByRole('button', { name: CONTACT_DAY })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
}

test.describe('supervision contact agenda', () => {
  test('a supervisor writes it; the trainee reads it, downloads the PDF and it reads back', async ({
    page,
    request,
    newAccount,
  }) => {
    test.slow();
    const supervisor = await newAccount('supervisor', { name: 'Dana Reyes' });
    const trainee = await newAccount('student', { name: 'Zoë Ångström' });
    await linkWithLog(request, trainee, supervisor);

    await signInAs(page, supervisor);
    await writeAgenda(page);
    await page
      .getByRole('region', { name: 'Supervision contact agenda' })
      .screenshot({ path: '.tmp/screenshots/agenda-writer-1280.png' });
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalScroll(page);
    await page.setViewportSize({ width: 1280, height: 800 });

    // The trainee reaches the agenda from the month's document, at the month's range.
    await signInAs(page, trainee);
    await page.goto(`/student/monthly-document?month=${MONTH}`);
    await page.getByRole('link', { name: 'Supervision contact agenda' }).click();
    await expect(page).toHaveURL(
      new RegExp(`/student/supervision-contact-agenda\\?view=monthly&month=${MONTH}$`),
    );
    await expect(
      page.getByRole('heading', { name: 'SUPERVISION CONTACT AGENDA', level: 1 }),
    ).toBeVisible();
    await expect(page.getByRole('group', { name: 'Month' })).toContainText(formatMonthYear(MONTH));
    await expect(page.getByText(`Agenda of ${CONTACT_DAY}`)).toBeVisible();
    for (const [term, value] of [
      ['Supervisee', 'Zoë Ångström'],
      ['Supervisor', 'Dana Reyes'],
      ['Date', CONTACT_DAY],
      ['Start Time', '09:00'],
      ['End Time', '10:30'],
      ['Format', 'In Person'],
    ] as const) {
      await expect(page.locator('dt', { hasText: term }).locator('+ dd')).toHaveText(value);
    }
    for (const name of SECTIONS) {
      await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
    }
    const month = page.getByRole('table', { name: `Month to Date (${formatMonthYear(MONTH)})` });
    await expect(month.getByRole('row', { name: /Independent Hours/ })).toContainText('2');
    await expect(page.getByText('Supervised Fieldwork, selected')).toBeAttached();
    await expect(page.getByText(NOTE)).toBeVisible();
    const tasks = page.getByRole('table', { name: 'Tasks reviewed' });
    await expect(tasks.getByRole('row').nth(1)).toContainText('C.1');
    await expect(tasks.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText('Yes');
    await page.screenshot({ path: '.tmp/screenshots/agenda-1280.png', fullPage: true });

    // Close and open again.
    const toggle = page.getByRole('button', { name: 'Close agenda' });
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Open agenda' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await expect(page.getByRole('heading', { name: 'Supervisee Check' })).toBeHidden();
    await page.getByRole('button', { name: 'Open agenda' }).click();
    await expect(page.getByRole('heading', { name: 'Supervisee Check' })).toBeVisible();

    // The PDF is drawn on the server: its text reads back.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^supervision-contact-agenda-\d{8}-\d{6}\.pdf$/);
    const text = (await readPdfText(readFileSync(await download.path()))).flat().join('\n');
    for (const heading of ['SUPERVISION CONTACT AGENDA', ...SECTIONS]) {
      expect(text).toContain(heading);
    }
    expect(text).toContain('Zoë Ångström');
    expect(text).toContain('Dana Reyes');
    expect(text).toContain(NOTE);

    // The month before has no agenda; overall shows it again, without month arrows.
    await page.getByRole('button', { name: 'Previous month' }).click();
    await expect(page.getByText('No agenda found')).toBeVisible();
    await page.getByText('View Overall').click();
    await expect(page.getByText('Overall Progress')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous month' })).toBeDisabled();
    await expect(page.getByText(`Agenda of ${CONTACT_DAY}`)).toBeVisible();

    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.getByRole('heading', { name: 'Task List Review Check' })).toBeVisible();
    await expectNoHorizontalScroll(page);
  });

  test('a trainee without agendas is told so', async ({ page, newAccount }) => {
    const trainee = await newAccount('student', { name: 'Nia New' });
    await signInAs(page, trainee);
    await page.goto('/student/supervision-contact-agenda');
    await expect(page.getByText('Overall Progress')).toBeVisible();
    await expect(page.getByText('No agenda found')).toBeVisible();
    await expect(page.getByText('Your supervisor has not written an agenda yet.')).toBeVisible();
  });
});
