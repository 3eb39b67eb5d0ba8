import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { z } from 'zod';
import { readFvf } from '../../src/server/features/forms/fvf-read';
import { ATTESTATIONS } from '../../src/shared/forms/attestations';
import {
  addDays,
  formatMonthYear,
  formatUsDate,
  monthEnd,
  monthOf,
  monthStart,
} from '../../src/shared/logs/time';
import {
  authHeader,
  expect,
  expectAccessible,
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
  openTraineeAsSupervisor,
  signIn,
  waitForToastsToClose,
} from './support/forms';

mkdirSync('.tmp/screenshots', { recursive: true });

/*
 * The official final form (F-FVF): the trainee fills it for a supervisor over the supervision
 * period with the hours that count, both parties sign it in the app, and it is kept, flattened,
 * among the final forms (issue 10; decision 013).
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
  test('a trainee fills the F-FVF over the supervision period, both parties sign it and it is kept as a final form', async ({
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
    await expectAccessible(page);

    // No blank F-FVF is installed yet: the trainee installs one from the section.
    await row.getByRole('button', { name: /^Fill the official F-FVF for/ }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'The blank official form is missing' }),
    ).toContainText('Download the fillable F-FVF');
    await installFromAlert(page, 'ffvf-2022-individual', {
      missing: 'No blank F-FVF 2022',
      label: 'F-FVF 2022 (Individual)',
    });
    await expect(page.getByText('Blank F-FVF installed: F-FVF 2022 (Individual).')).toBeVisible();

    // A period of last month alone counts nothing: refused, with the server's words.
    const from = row.getByRole('combobox', { name: 'Period from' });
    await from.selectOption(LAST_MONTH);
    await row.getByRole('button', { name: /^Fill the official F-FVF for/ }).click();
    await expect(
      page.getByText(
        `No hours with this supervisor and fieldwork type count from ${formatMonthYear(LAST_MONTH)} to ${formatMonthYear(LAST_MONTH)}.`,
      ),
    ).toBeVisible();
    // The whole period, chosen by keyboard.
    await from.focus();
    await page.keyboard.press('ArrowUp');
    await expect(from).toHaveValue(FIRST_MONTH);
    await row.getByRole('button', { name: /^Fill the official F-FVF for/ }).click();
    await expect(row).toContainText('Awaiting signatures');
    await expect(row).toContainText('Not signed yet.');
    await expect(row.getByRole('button', { name: /^Fill/ })).toHaveCount(0);
    await expect(row).toContainText('Choose another period to fill the form again.');

    // The trainee signs under their attestation.
    await row.getByRole('button', { name: /^Sign: / }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign your form' });
    await expect(dialog).toContainText(`${ROW_TITLE} · F-FVF 2022 (Individual)`);
    await expect(dialog).toContainText(ATTESTATIONS.trainee);
    await signIn(dialog, 'Fern Final');
    await expect(row).toContainText('Signatures: trainee signed');
    await waitForToastsToClose(page);
    await page
      .getByRole('region', { name: 'Final verification forms (official F-FVF)' })
      .screenshot({ path: '.tmp/screenshots/forms-final-trainee.png' });
    await page.setViewportSize({ width: 375, height: 800 });
    await expectAccessible(page);
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
    await expect(supervisorRow).toContainText('Signatures: trainee signed');
    await expect(supervisorRow.getByRole('button', { name: /^Fill/ })).toHaveCount(0);
    await expect(supervisorRow.getByRole('combobox')).toHaveCount(0);
    await supervisorRow.getByRole('button', { name: /^Sign as supervisor: / }).click();
    const supervisorDialog = page.getByRole('dialog', { name: 'Sign as supervisor' });
    await expect(supervisorDialog).toContainText(ATTESTATIONS.supervisor);
    await expect(supervisorDialog).toContainText('Trainee: signed by Fern Final on');
    await expectAccessible(page);
    await signIn(supervisorDialog, 'Sloane Signer');
    await expect(supervisorRow).toContainText('Signed by both on');
    await waitForToastsToClose(page);
    await page
      .getByRole('region', { name: 'Final verification forms (official F-FVF)' })
      .screenshot({ path: '.tmp/screenshots/forms-final-supervisor.png' });

    // The trainee downloads the completed form and reads it back.
    await signInAs(page, trainee);
    await page.goto('/student/upload');
    await expect(finalRow(page)).toContainText('Signed by both on');
    const saved = await download(
      page,
      finalRow(page).getByRole('link', { name: /^Download the form for/ }),
    );
    const form = await readFvf(new Uint8Array(saved.bytes));
    expect(form.isFlattened).toBe(true);
    expect(form.signatures.trainee?.fullName).toBe('Fern Final');
    expect(form.signatures.supervisor?.fullName).toBe('Sloane Signer');
    expect(form.text).toEqual(
      expect.arrayContaining([
        'BACB1234567',
        'Oregon',
        'United States',
        formatUsDate(monthStart(FIRST_MONTH)),
        formatUsDate(monthEnd(LAST_MONTH)),
        '1',
        '15.00',
        '5.00',
        '20.00',
        '25.0%',
        '/s/ Fern Final',
        '/s/ Sloane Signer',
      ]),
    );

    // It is kept among the final forms, as signed, for good.
    const kept = page
      .getByRole('region', { name: 'Your forms' })
      .getByRole('region', { name: 'Final forms (F-FVF)' });
    const signedRow = kept.getByRole('listitem').filter({ hasText: `F-FVF ${PERIOD}` });
    await expect(signedRow.getByText('Signed in the app')).toBeVisible();
    await expect(signedRow.getByRole('button', { name: /^Delete / })).toHaveCount(0);
    await signedRow.screenshot({ path: '.tmp/screenshots/forms-final-kept.png' });
    await expectAccessible(page);
    // And on the dashboard's card.
    await page.goto('/student/dashboard');
    await expect(
      page.getByRole('region', { name: 'Final Fieldwork Verification Forms' }),
    ).toContainText(`F-FVF ${PERIOD} (Sloane Signer)`);
  });
});
