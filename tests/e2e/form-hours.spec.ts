import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { z } from 'zod';
import { buildFvfTemplate } from '../../src/server/features/forms/fvf/fvf-template.fixture';
import { pdfBytes } from '../helpers/file-fixtures';
import { formEditionOf } from '../../src/shared/forms/form-edition';
import { addMonths, formatMonthYear, formatUsDate } from '../../src/shared/logs/time';
import {
  authHeader,
  expect,
  expectNoHorizontalScroll,
  failedRequestLog,
  signInAs,
  test,
} from './support/fixtures';
import { chooseByKeyboard } from './support/files';
import {
  approveLog,
  linkSupervisor,
  logFourHours,
  openTraineeAsSupervisor,
  waitForToastsToClose,
} from './support/forms';

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
  const logs: number[] = [];
  for (const day of ['02', '03', '04', '05', '06']) {
    logs.push(await logFourHours(request, trainee, record, `${MONTH}-${day}`));
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

  // Filling the form now would sign it late: the page says what that costs, and offers the paper
  // form signed in time first (issue 36).
  await row.getByRole('button', { name: /^Fill the official form for/ }).click();
  const late = page.getByRole('dialog', { name: 'Past the deadline' });
  await expect(late).toContainText(
    'A form signed now is signed late: its 20 h, at risk today, are lost for good.',
  );
  await page.screenshot({ path: '.tmp/screenshots/form-hours-late-fill-1280.png' });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: '.tmp/screenshots/form-hours-late-fill-375.png' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await late
    .getByRole('button', { name: 'It was signed on paper in time: record the paper form' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Record a paper form' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Record a paper form' })).toBeHidden();

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
  // The trainee's word until the supervisor answers (issue 36).
  await expect(row).toContainText(
    `Paper form signed ${formatUsDate(SIGNED_ON)}: declared by the trainee, not yet confirmed by Sloane Signer`,
  );
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

  // The supervisor it names confirms it, once the month's logs are reviewed: that signs the
  // month off, as their signature in the app does.
  await page.setViewportSize({ width: 1280, height: 800 });
  await openTraineeAsSupervisor(page, supervisor, 'Paz Paper');
  const theirs = monthRow(page);
  await expect(theirs).toContainText('declared by the trainee, not yet confirmed by Sloane Signer');
  await expect(theirs).toContainText('Review first: 5 logs are not approved yet (5 pending).');
  await expect(theirs.getByRole('button', { name: /^Confirm the paper form of/ })).toHaveCount(0);
  for (const log of logs) await approveLog(request, supervisor, log);
  await page.reload();
  await theirs.getByRole('button', { name: /^Confirm the paper form of/ }).click();
  const answer = page.getByRole('dialog', { name: 'Confirm this paper form' });
  await expect(answer).toContainText(`I signed this form on paper on ${formatUsDate(SIGNED_ON)}`);
  await answer.getByRole('button', { name: 'Confirm paper form' }).click();
  await expect(answer).toBeHidden();
  await expect(theirs).toContainText(/confirmed by Sloane Signer on \d+\/\d+\/\d{4}/);
  await expect(theirs).toContainText(
    /Month signed off by Sloane Signer on .*: its logs are locked/,
  );
  await expect(theirs.getByRole('button', { name: /^Reject the paper form of/ })).toHaveCount(0);
  // The months list above says the same: signed, with Reopen as its action.
  const months = page.getByRole('region', { name: 'Months' });
  await expect(months.getByRole('listitem').filter({ hasText: MONTH_LABEL })).toContainText(
    'Signed',
  );
  await expect(months.getByRole('button', { name: `Reopen ${MONTH_LABEL}` })).toBeVisible();
  await waitForToastsToClose(page);
  await page.screenshot({ path: '.tmp/screenshots/form-hours-confirmed-1280.png', fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: '.tmp/screenshots/form-hours-confirmed-375.png', fullPage: true });
});

test('signing a form past its deadline says what it costs, and offers the paper form instead', async ({
  page,
  request,
  newAccount,
}) => {
  const trainee = await newAccount('student', { name: 'Lia Late' });
  const supervisor = await newAccount('supervisor', { name: 'Sloane Signer' });
  const record = await linkSupervisor(request, trainee, supervisor);
  for (const day of ['02', '03', '04', '05', '06']) {
    await logFourHours(request, trainee, record, `${MONTH}-${day}`);
  }
  // The form filled through the API (forms-official.spec.ts fills one on the page).
  const traineeId = z.object({ id: z.number() }).parse(trainee.user).id;
  const profile = await request.put(`/users/profile/${traineeId}/`, {
    headers: authHeader(trainee),
    data: {
      name: trainee.name,
      bacb_id: 'BACB1234567',
      fieldwork_state: 'Oregon',
      fieldwork_country: 'United States',
    },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  const template = await request.post('/api/v1/fvf-templates/', {
    headers: authHeader(trainee),
    multipart: {
      document: {
        name: 'mfvf.pdf',
        mimeType: 'application/pdf',
        // The blank of the edition the month's form is filled from (decision 026).
        buffer: Buffer.from(await buildFvfTemplate(`mfvf-${formEditionOf(MONTH)}-individual`)),
      },
    },
  });
  expect(template.status(), await template.text()).toBe(201);
  const filled = await request.post('/api/v1/month-forms/', {
    headers: authHeader(trainee),
    data: { month: MONTH, trainee_supervisor: record, expereince_type: 1 },
  });
  expect(filled.status(), await filled.text()).toBe(201);

  await signInAs(page, trainee);
  await page.goto('/student/upload');
  const row = monthRow(page);
  await row.getByRole('button', { name: /^Sign: / }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign your form' });
  const warning = dialog.getByRole('alert').filter({ hasText: 'Past the deadline' });
  await expect(warning).toContainText(
    'A form signed now is signed late: its 20 h, at risk today, are lost for good.',
  );
  await expect(dialog.getByRole('button', { name: 'Sign late' })).toBeVisible();
  await page.screenshot({ path: '.tmp/screenshots/form-hours-late-sign-1280.png' });
  await page.setViewportSize({ width: 375, height: 800 });
  // On a phone the warning and its button wrap inside the dialog.
  const paperInstead = warning.getByRole('button', {
    name: 'It was signed on paper in time: record the paper form',
  });
  const [alertBox, buttonBox] = [await warning.boundingBox(), await paperInstead.boundingBox()];
  expect((buttonBox?.x ?? 0) + (buttonBox?.width ?? 0)).toBeLessThanOrEqual(
    (alertBox?.x ?? 0) + (alertBox?.width ?? 0),
  );
  await page.screenshot({ path: '.tmp/screenshots/form-hours-late-sign-375.png' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await warning
    .getByRole('button', { name: 'It was signed on paper in time: record the paper form' })
    .click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Record a paper form' })).toBeVisible();
});
