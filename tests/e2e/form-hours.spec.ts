import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { pdfBytes } from '../helpers/file-fixtures';
import { addMonths, formatMonthYear, formatUsDate } from '../../src/shared/logs/time';
import {
  expect,
  expectNoHorizontalScroll,
  failedRequestLog,
  signInAs,
  test,
} from './support/fixtures';
import { chooseByKeyboard } from './support/files';
import { linkSupervisor, logFourHours, waitForToastsToClose } from './support/forms';

/*
 * Issue 26 part 7 (decision 024): a month past its deadline with no signed form shows its hours
 * at risk, apart from the hours that count, on the dashboard and the Fieldwork Forms page, until
 * the trainee records the paper form it was signed on in time.
 */

mkdirSync('.tmp/screenshots', { recursive: true });

/** Two months back: its form's deadline (the end of last month) has passed. */
function monthTwoBack(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1))
    .toISOString()
    .slice(0, 7);
}

const MONTH = monthTwoBack();
const MONTH_LABEL = formatMonthYear(MONTH);
/** Signed on paper mid-way through the following month: on time. */
const SIGNED_ON = `${addMonths(MONTH, 1)}-15`;

function monthRow(page: Page): Locator {
  return page
    .getByRole('region', { name: 'Monthly verification forms (official M-FVF)' })
    .getByRole('listitem')
    .filter({ hasText: MONTH_LABEL });
}

test('an overdue month shows its hours at risk until a paper form signed in time is recorded', async ({
  page,
  request,
  newAccount,
  allowConsoleError,
}) => {
  test.slow(); // Five logs, two pages at two widths, and an upload.
  allowConsoleError(failedRequestLog(400));
  const trainee = await newAccount('student', { name: 'Paz Paper' });
  const supervisor = await newAccount('supervisor', { name: 'Sloane Signer' });
  const record = await linkSupervisor(request, trainee, supervisor);
  // Five 4-hour days: 20 h, 5 supervised, 5 contacts, observed: a month that meets every
  // requirement, and whose form was never signed in the app.
  for (const day of ['02', '03', '04', '05', '06']) {
    await logFourHours(request, trainee, record, `${MONTH}-${day}`);
  }

  await signInAs(page, trainee);
  await page.goto('/student/dashboard');
  const atRisk = page.getByTestId('at-risk-hours');
  await expect(atRisk).toContainText('At risk, not counted: 20 hours');
  await expect(
    page.getByRole('heading', { name: 'Hours that count: 0 of 20 logged' }),
  ).toBeVisible();
  await expect(page.getByTestId('sidebar-counted')).toContainText('At risk: 20 h');
  await page.screenshot({ path: '.tmp/screenshots/form-hours-dashboard-1280.png' });

  await page.goto('/student/upload');
  const row = monthRow(page);
  await expect(row).toContainText('At risk');
  await expect(row).toContainText('At risk: 20 h not counted until a signed form is recorded');
  await page.screenshot({ path: '.tmp/screenshots/form-hours-forms-1280.png', fullPage: true });

  // The dialog, by keyboard: a missing file is said before anything is sent.
  const open = row.getByRole('button', { name: /^Record a paper form for/ });
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Record a paper form' });
  await expect(dialog).toBeVisible();
  const date = dialog.getByRole('textbox', { name: 'Date signed' });
  await date.fill(SIGNED_ON);
  await date.press('Enter');
  await dialog.getByRole('button', { name: 'Record the paper form' }).click();
  await expect(dialog.getByText('Attach the signed form (PDF or image).')).toBeVisible();
  await chooseByKeyboard(page, dialog.getByRole('button', { name: 'Choose file' }), {
    name: 'signed-form.pdf',
    mimeType: 'application/pdf',
    buffer: await pdfBytes('Paper M-FVF'),
  });
  await expect(dialog.getByText('signed-form.pdf')).toBeVisible();
  await page.screenshot({ path: '.tmp/screenshots/form-hours-dialog-1280.png' });
  await dialog.getByRole('button', { name: 'Record the paper form' }).click();
  await expect(dialog).toBeHidden();

  await expect(row).toContainText(`Signed on paper on ${formatUsDate(SIGNED_ON)}`);
  await expect(row).not.toContainText('not counted');
  await expect(row.getByRole('button', { name: /^Record a paper form for/ })).toHaveCount(0);
  await waitForToastsToClose(page);

  await page.goto('/student/dashboard');
  await expect(
    page.getByRole('heading', { name: 'Hours that count: 20 of 20 logged' }),
  ).toBeVisible();
  await expect(page.getByTestId('at-risk-hours')).toHaveCount(0);

  // Entered wrongly: removed (kept as history), the month is at risk again; recorded again.
  await page.goto('/student/upload');
  await monthRow(page)
    .getByRole('button', { name: /^Remove the paper form of/ })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Remove this paper form?' });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(monthRow(page)).toContainText('At risk: 20 h not counted');
  await monthRow(page)
    .getByRole('button', { name: /^Record a paper form for/ })
    .click();
  await dialog.getByRole('textbox', { name: 'Date signed' }).fill(SIGNED_ON);
  await chooseByKeyboard(page, dialog.getByRole('button', { name: 'Choose file' }), {
    name: 'signed-form.pdf',
    mimeType: 'application/pdf',
    buffer: await pdfBytes('Paper M-FVF'),
  });
  await dialog.getByRole('button', { name: 'Record the paper form' }).click();
  await expect(dialog).toBeHidden();
  await expect(monthRow(page)).toContainText(`Signed on paper on ${formatUsDate(SIGNED_ON)}`);
  await waitForToastsToClose(page);

  // 375 px: the forms page with the signed row, and no sideways scrolling.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/student/upload');
  await expect(monthRow(page)).toContainText('Signed on paper');
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: '.tmp/screenshots/form-hours-forms-375.png', fullPage: true });
});
