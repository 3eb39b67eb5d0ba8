import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { readFvf } from '../../src/server/features/forms/fvf/fvf-read';
import { readerText } from '../../src/server/adapters/pdf/pdf-reader.fixture';
import { ATTESTATIONS } from '../../src/shared/forms/attestations';
import { formatMonthYear } from '../../src/shared/logs/time';
import {
  expect,
  expectNoHorizontalScroll,
  failedRequestLog,
  signInAs,
  test,
  lastMonthUtc,
} from './support/fixtures';
import { download } from './support/files';
import {
  approveLog,
  installFromAlert,
  linkSupervisor,
  logFourHours,
  openTraineeAsSupervisor,
  signIn,
  waitForToastsToClose,
} from './support/forms';

mkdirSync('.tmp/screenshots', { recursive: true });

const LAST_MONTH = lastMonthUtc();
const MONTH_LABEL = formatMonthYear(LAST_MONTH);

/** The month's row in the official forms section. */
function monthRow(page: Page): Locator {
  return page
    .getByRole('region', { name: 'Monthly verification forms (official M-FVF)' })
    .getByRole('listitem')
    .filter({ hasText: MONTH_LABEL });
}

test.describe('the official monthly form', () => {
  test('a trainee fills last month’s M-FVF from the logs, both parties sign it and it is kept as that month’s form', async ({
    page,
    request,
    newAccount,
    allowConsoleError,
  }) => {
    test.slow(); // A form's whole life, across two people.
    // The fills refused while the profile lacks its details and no blank form is installed.
    allowConsoleError(failedRequestLog(400));
    allowConsoleError(failedRequestLog(409));
    const trainee = await newAccount('student', { name: 'Fern Official' });
    const supervisor = await newAccount('supervisor', { name: 'Sloane Signer' });
    const record = await linkSupervisor(request, trainee, supervisor);
    const log = await logFourHours(request, trainee, record, `${LAST_MONTH}-02`);

    // The month's row: its figures and deadline.
    await signInAs(page, trainee);
    await page.goto('/student/upload');
    const row = monthRow(page);
    await expect(row).toContainText('Open');
    await expect(row).toContainText(
      'Independent 3 h · Supervised 1 h · Total 4 h · 25.0% supervised',
    );
    await expect(row).toContainText(/Sign by \d+\/\d+\/\d{4} · \d+ days? left|Due today/);
    await expect(page.getByText(/^No blank M-FVF is installed yet/)).toBeVisible();

    // Filling needs the profile's form details: the refusal leads there.
    await row.getByRole('button', { name: /^Fill the official form for/ }).click();
    const needsDetail = page.getByRole('alert').filter({ hasText: 'Your profile needs a detail' });
    await expect(needsDetail).toContainText('to your profile before filling a form');
    await needsDetail.getByRole('link', { name: 'Add it to your profile' }).click();
    await expect(page).toHaveURL(/\/student\/profile-screen#official-form-details$/);
    const details = page.getByRole('region', { name: 'Details for the official forms' });
    await expect(details.getByRole('textbox', { name: 'BACB ID' })).toBeFocused();
    await details.getByRole('textbox', { name: 'BACB ID' }).fill('BACB12');
    await details.getByRole('button', { name: 'Save details' }).click();
    await expect(details.getByText('Not a valid number')).toBeVisible();
    await details.getByRole('textbox', { name: 'BACB ID' }).fill('bacb1234567');
    await details.getByRole('textbox', { name: 'Fieldwork state or province' }).fill('Oregon');
    await details.getByRole('textbox', { name: 'Fieldwork country' }).fill('United States');
    await details.getByRole('button', { name: 'Save details' }).click();
    await expect(page.getByText('Successfully Updated')).toBeVisible();
    await expect(details.getByRole('textbox', { name: 'BACB ID' })).toHaveValue('BACB1234567');

    // No blank form is installed yet: the trainee installs one from the page.
    await page.goto('/student/upload');
    await row.getByRole('button', { name: /^Fill the official form for/ }).click();
    await installFromAlert(page, 'mfvf-2022-individual', {
      missing: 'No blank M-FVF 2022',
      label: 'M-FVF 2022 (Individual)',
    });
    await expect(
      page.getByText('Blank M-FVF installed: M-FVF 2022 (Individual) (your upload).'),
    ).toBeVisible();

    // Fieldwork began mid-month: the trainee ticks the form's prorated box.
    await row.getByRole('checkbox', { name: /^Partial month, prorated hours/ }).check();
    await row.getByRole('button', { name: /^Fill the official form for/ }).click();
    await expect(row).toContainText('Not signed yet.');
    await expect(row).toContainText('Filled from the blank M-FVF 2022 (Individual) you installed');
    await expect(row.getByRole('link', { name: /^Download the form for/ })).toBeVisible();

    // The trainee signs under their attestation; both fields are required.
    await row.getByRole('button', { name: /^Sign: / }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign your form' });
    await expect(dialog).toContainText(ATTESTATIONS.trainee);
    await expect(dialog).toContainText('Supervisor: not signed yet');
    // The figures signed for, in the dialog itself (issue 36).
    const figures = dialog.getByRole('table', { name: 'The hours on this form' });
    for (const [label, value] of [
      ['Independent hours', '3 h'],
      ['Supervised hours', '1 h'],
      ['Total fieldwork hours', '4 h'],
      ['Percent supervised', '25.0%'],
    ]) {
      await expect(figures.getByRole('row', { name: `${label} ${value}` })).toBeVisible();
    }
    await waitForToastsToClose(page);
    await page.screenshot({ path: '.tmp/screenshots/forms-sign-dialog-1280.png' });
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(figures).toBeVisible();
    await page.screenshot({ path: '.tmp/screenshots/forms-sign-dialog-375.png' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await dialog.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(dialog.getByText('Type your full name to sign')).toBeVisible();
    await expect(dialog.getByText('Confirm the attestation to sign')).toBeVisible();
    await signIn(dialog, 'Fern Official');
    await expect(row).toContainText('Signatures: trainee signed');
    await expect(row.getByRole('button', { name: /^Sign: / })).toHaveCount(0);
    await waitForToastsToClose(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: '.tmp/screenshots/forms-official-375.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    // Until the supervisor signs, the dashboard lists it among the forms due.
    await page.goto('/student/dashboard');
    const due = page.getByRole('region', { name: 'Forms due' });
    const dueName = `${MONTH_LABEL} · Sloane Signer · Supervised fieldwork`;
    const dueLink = due.getByRole('link', { name: dueName });
    await expect(
      due.getByRole('listitem').filter({ has: page.getByRole('link', { name: dueName }) }),
    ).toContainText(/Sign by \d+\/\d+\/\d{4}.*(days? left|Due today)/);
    await dueLink.click();
    await expect(page).toHaveURL(/\/student\/upload$/);

    // The supervisor signs it from the trainee's page; they are never offered to fill it. Its
    // log waits for their review first (issue 36): no signature until it is approved.
    await openTraineeAsSupervisor(page, supervisor, 'Fern Official');
    const supervisorRow = monthRow(page);
    await expect(supervisorRow).toContainText('Signatures: trainee signed');
    await expect(supervisorRow).toContainText(
      'Review first: 1 log is not approved yet (1 pending). Approve them before you sign; your signature signs the month off.',
    );
    await expect(supervisorRow.getByRole('button', { name: /^Sign as supervisor: / })).toHaveCount(
      0,
    );
    await page.screenshot({ path: '.tmp/screenshots/forms-review-first-1280.png', fullPage: true });
    await expect(supervisorRow.getByRole('button', { name: /^Fill/ })).toHaveCount(0);
    await approveLog(request, supervisor, log);
    await page.reload();
    await supervisorRow.getByRole('button', { name: /^Sign as supervisor: / }).click();
    const supervisorDialog = page.getByRole('dialog', { name: 'Sign as supervisor' });
    await expect(supervisorDialog).toContainText(ATTESTATIONS.supervisor);
    await expect(supervisorDialog).toContainText('Trainee: signed by Fern Official on');
    await expect(
      supervisorDialog
        .getByRole('table', { name: 'The hours on this form' })
        .getByRole('row', { name: 'Total fieldwork hours 4 h' }),
    ).toBeVisible();
    await expect(supervisorDialog).toContainText('Your signature also signs the month off');
    await signIn(supervisorDialog, 'Sloane Signer');
    await expect(supervisorRow).toContainText('Signed');
    await expect(supervisorRow).toContainText('Signed by both on');
    // One idea of a signed month: the form's row and the months list say it alike.
    await expect(supervisorRow).toContainText(
      /Month signed off by Sloane Signer on .*: its logs are locked\./,
    );

    // The trainee downloads the completed form and reads it back.
    await signInAs(page, trainee);
    await page.goto('/student/dashboard');
    await expect(
      page
        .getByRole('region', { name: 'Monthly sign-off' })
        .getByRole('listitem')
        .filter({ hasText: MONTH_LABEL }),
    ).toContainText('Signed');
    await page.goto('/student/upload');
    await expect(monthRow(page)).toContainText('Signed by both on');
    await expect(monthRow(page)).toContainText('Month signed off by Sloane Signer');
    await page.screenshot({ path: '.tmp/screenshots/forms-official-signed.png', fullPage: true });
    const saved = await download(
      page,
      monthRow(page).getByRole('link', { name: /^Download the form for/ }),
    );
    const form = await readFvf(new Uint8Array(saved.bytes));
    expect(form.isFlattened).toBe(true);
    expect(form.signatures.trainee?.fullName).toBe('Fern Official');
    expect(form.signatures.supervisor?.fullName).toBe('Sloane Signer');
    expect(form.text).toEqual(
      expect.arrayContaining(['BACB1234567', 'Oregon', 'United States', '3.00', '1.00', '4.00']),
    );
    // As a reader shows it: the figures, the month as MM/YYYY, both signatures.
    const [shown = ''] = await readerText(new Uint8Array(saved.bytes));
    for (const value of [
      '25.0%',
      `${LAST_MONTH.slice(5)}/${LAST_MONTH.slice(0, 4)}`,
      '/s/ Fern Official',
      '/s/ Sloane Signer',
    ]) {
      expect(shown).toContain(value);
    }

    // It is kept as that month's M-FVF among the trainee's forms.
    const kept = page.getByRole('region', { name: 'Your forms' });
    await expect(kept).toContainText(`M-FVF ${MONTH_LABEL}`);
    // As signed, for good: marked so, and never offered for deletion.
    const signedRow = kept.getByRole('listitem').filter({ hasText: `M-FVF ${MONTH_LABEL}` });
    await expect(signedRow.getByText('Signed in the app')).toBeVisible();
    await expect(signedRow.getByRole('link', { name: /^Download / })).toBeVisible();
    await expect(signedRow.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  });
});
