import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { z } from 'zod';
import { readFvf } from '../../src/server/features/forms/fvf/fvf-read';
import { readerText } from '../../src/server/adapters/pdf/pdf-reader.fixture';
import { ATTESTATIONS } from '../../src/shared/forms/attestations';
import { addDays, formatMonthYear, monthOf, monthStart } from '../../src/shared/logs/time';
import {
  authHeader,
  expect,
  expectNoHorizontalScroll,
  failedRequestLog,
  lastMonthUtc,
  signInAs,
  test,
} from './support/fixtures';
import { download } from './support/files';
import {
  installFromAlert,
  linkSupervisor,
  logFourHours,
  recordPaperForm,
  openTraineeAsSupervisor,
  signIn,
  waitForToastsToClose,
} from './support/forms';

mkdirSync('.tmp/screenshots', { recursive: true });

/*
 * The official final form (F-FVF): the trainee fills it for a supervisor over the supervision
 * period with the hours that count, the responsible supervisor alone signs it in the app (the
 * form has no place for the trainee's signature), and it is kept, flattened, among the trainee's
 * final forms (issues 10, 26; decision 013).
 */

const LAST_MONTH = lastMonthUtc();
const FIRST_MONTH = monthOf(addDays(monthStart(LAST_MONTH), -1));
const PERIOD = `${formatMonthYear(FIRST_MONTH)} – ${formatMonthYear(LAST_MONTH)}`;
const ROW_TITLE = 'Sloane Signer · Supervised fieldwork';

/** The supervisor's row in the official F-FVF section. */
function finalRow(page: Page) {
  return page
    .getByRole('region', { name: 'Final verification forms (official F-FVF)' })
    .getByRole('listitem')
    .filter({ hasText: ROW_TITLE });
}

test.describe('the official final form', () => {
  test('a trainee fills the F-FVF over the supervision period, the supervisor signs it and the trainee keeps it', async ({
    page,
    request,
    newAccount,
    allowConsoleError,
  }) => {
    test.slow(); // A form's whole life, across two people.
    // The fills refused while no blank F-FVF is installed, and for a period that counts nothing.
    allowConsoleError(failedRequestLog(409));
    allowConsoleError(failedRequestLog(400));
    const trainee = await newAccount('student', { name: 'Fern Final' });
    const supervisor = await newAccount('supervisor', { name: 'Sloane Signer' });
    const record = await linkSupervisor(request, trainee, supervisor);
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
    // The first month meets every 2022 requirement (20 h, 5 supervised, 5 contacts); last
    // month's 4 hours are under the monthly minimum, so they count nothing.
    for (const day of ['02', '03', '04', '05', '06']) {
      await logFourHours(request, trainee, record, `${FIRST_MONTH}-${day}`);
    }
    await logFourHours(request, trainee, record, `${LAST_MONTH}-02`);
    // The first month's deadline has passed: its M-FVF was signed on paper in time.
    await recordPaperForm(request, trainee, record, FIRST_MONTH);

    // The supervisor's row: the period, the hours that count, and why last month counts nothing.
    await signInAs(page, trainee);
    await page.goto('/student/upload');
    const row = finalRow(page);
    await expect(row).toContainText('Not filled');
    await expect(row).toContainText(`${PERIOD} · 1 month counts`);
    await expect(row).toContainText(
      'Independent 15 h · Supervised 5 h · Total 20 h · 25.0% supervised',
    );
    await expect(row).toContainText(
      `${formatMonthYear(LAST_MONTH)}: fewer than 20 hours this month: 0 of 4 hours count`,
    );
    await expect(page.getByText(/^No blank F-FVF is installed yet/)).toBeVisible();

    // No blank F-FVF is installed yet: the trainee installs one from the section.
    await row.getByRole('button', { name: /^Fill the official F-FVF for/ }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'The blank official form is missing' }),
    ).toContainText('Download the fillable F-FVF');
    await installFromAlert(page, 'ffvf-2022-individual', {
      missing: 'No blank F-FVF 2022',
      label: 'F-FVF 2022 (Individual)',
    });
    await expect(
      page.getByText('Blank F-FVF installed: F-FVF 2022 (Individual) (your upload).'),
    ).toBeVisible();

    // A period of last month alone counts nothing: refused, with the server's words.
    const from = row.getByRole('combobox', { name: 'Period from' });
    await from.selectOption(LAST_MONTH);
    await row.getByRole('button', { name: /^Fill the official F-FVF for/ }).click();
    await expect(
      page.getByText(
        `No hours with this supervisor count from ${formatMonthYear(LAST_MONTH)} to ${formatMonthYear(LAST_MONTH)}.`,
      ),
    ).toBeVisible();
    // The whole period, chosen by keyboard.
    await from.focus();
    await page.keyboard.press('ArrowUp');
    await expect(from).toHaveValue(FIRST_MONTH);
    await row.getByRole('button', { name: /^Fill the official F-FVF for/ }).click();
    await expect(row).toContainText('Awaiting the supervisor');
    await expect(row).toContainText(
      "Waiting for Sloane Signer's signature: only the responsible supervisor signs the F-FVF, and you keep it.",
    );
    await expect(row).toContainText('Filled from the blank F-FVF 2022 (Individual) you installed');
    await expect(row.getByRole('button', { name: /^Fill/ })).toHaveCount(0);
    await expect(row).toContainText('Choose another period to fill the form again.');
    // The F-FVF has no place for the trainee's signature: nothing to sign.
    await expect(row.getByRole('button', { name: /^Sign/ })).toHaveCount(0);
    await waitForToastsToClose(page);
    await page
      .getByRole('region', { name: 'Final verification forms (official F-FVF)' })
      .screenshot({ path: '.tmp/screenshots/forms-final-trainee.png' });
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalScroll(page);
    await page
      .getByRole('region', { name: 'Final verification forms (official F-FVF)' })
      .screenshot({ path: '.tmp/screenshots/forms-final-375.png' });
    await page.setViewportSize({ width: 1280, height: 800 });

    // The dashboard's F-FVF card leads to the section.
    await page.goto('/student/dashboard');
    await page
      .getByRole('region', { name: 'Final Fieldwork Verification Forms' })
      .getByRole('link', { name: 'Fill and sign the official F-FVF' })
      .click();
    await expect(page).toHaveURL(/\/student\/upload#official-ffvf$/);
    await expect(
      page.getByRole('region', { name: 'Final verification forms (official F-FVF)' }),
    ).toBeFocused();

    // The supervisor signs it from the trainee's page; they are never offered to fill it.
    await openTraineeAsSupervisor(page, supervisor, 'Fern Final');
    const supervisorRow = finalRow(page);
    await expect(supervisorRow).toContainText(
      'Waiting for your signature: only the responsible supervisor signs the F-FVF.',
    );
    await expect(supervisorRow.getByRole('button', { name: /^Fill/ })).toHaveCount(0);
    await expect(supervisorRow.getByRole('combobox')).toHaveCount(0);
    await supervisorRow.getByRole('button', { name: /^Sign as supervisor: / }).click();
    const supervisorDialog = page.getByRole('dialog', { name: 'Sign as supervisor' });
    await expect(supervisorDialog).toContainText(ATTESTATIONS.supervisor);
    await expect(supervisorDialog).not.toContainText('Trainee:');
    await signIn(supervisorDialog, 'Sloane Signer');
    await expect(supervisorRow).toContainText('Signed by the supervisor on');
    await waitForToastsToClose(page);
    await page
      .getByRole('region', { name: 'Final verification forms (official F-FVF)' })
      .screenshot({ path: '.tmp/screenshots/forms-final-supervisor.png' });

    // The trainee downloads the completed form and reads it back.
    await signInAs(page, trainee);
    await page.goto('/student/upload');
    await expect(finalRow(page)).toContainText('Signed by the supervisor on');
    const saved = await download(
      page,
      finalRow(page).getByRole('link', { name: /^Download the form for/ }),
    );
    const form = await readFvf(new Uint8Array(saved.bytes));
    expect(form.isFlattened).toBe(true);
    expect(form.signatures.trainee).toBeUndefined();
    expect(form.signatures.supervisor?.fullName).toBe('Sloane Signer');
    const mmYyyy = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;
    expect(form.text).toEqual(
      expect.arrayContaining([
        'BACB1234567',
        'Oregon',
        'United States',
        mmYyyy(FIRST_MONTH),
        mmYyyy(LAST_MONTH),
        '1',
        '15.00',
        '5.00',
        '20.00',
        '25.0%',
        '/s/ Sloane Signer',
      ]),
    );
    // As a reader shows it.
    const [page1 = ''] = await readerText(new Uint8Array(saved.bytes));
    expect(page1).toContain('/s/ Sloane Signer');
    expect(page1).toMatch(/Signed electronically on \d+\/\d+\/\d{4}/);

    // It is kept among the final forms, as signed, for good.
    const kept = page
      .getByRole('region', { name: 'Your forms' })
      .getByRole('region', { name: 'Final forms (F-FVF)' });
    const signedRow = kept.getByRole('listitem').filter({ hasText: `F-FVF ${PERIOD}` });
    await expect(signedRow.getByText('Signed in the app')).toBeVisible();
    await expect(signedRow.getByRole('button', { name: /^Delete / })).toHaveCount(0);
    await signedRow.screenshot({ path: '.tmp/screenshots/forms-final-kept.png' });
    // And on the dashboard's card.
    await page.goto('/student/dashboard');
    await expect(
      page.getByRole('region', { name: 'Final Fieldwork Verification Forms' }),
    ).toContainText(`F-FVF ${PERIOD} (Sloane Signer)`);
  });
});
