import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { z } from 'zod';
import { buildFvfTemplate } from '../../src/server/features/forms/fvf-template.fixture';
import { readFvf } from '../../src/server/features/forms/fvf-read';
import { ATTESTATIONS } from '../../src/shared/forms/attestations';
import { createLogPayload } from '../../src/shared/logs/log-entry.factory';
import { formatMonthYear } from '../../src/shared/logs/time';
import {
  type Account,
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  failedRequestLog,
  signInAs,
  test,
  authHeader,
  lastMonthUtc,
} from './support/fixtures';
import { chooseByKeyboard, download } from './support/files';

mkdirSync('.tmp/screenshots', { recursive: true });

const LAST_MONTH = lastMonthUtc();
const MONTH_LABEL = formatMonthYear(LAST_MONTH);

/** The trainee's supervisor record, linked to the supervisor's account by its email. */
async function linkSupervisor(request: APIRequestContext, trainee: Account, supervisor: Account) {
  const created = await request.post('/api/v1/trainee-supervisors/', {
    headers: authHeader(trainee),
    data: { name: 'Sloane', lastname: 'Signer', email: supervisor.email },
  });
  expect(created.status(), await created.text()).toBe(201);
  return z.object({ id: z.number() }).parse(await created.json()).id;
}

/** One log of last month: 4 h, 1 of them supervised. */
async function logLastMonth(request: APIRequestContext, trainee: Account, record: number) {
  const response = await request.post('/api/v1/experience-log/', {
    headers: authHeader(trainee),
    data: createLogPayload({
      supervisor: record,
      trainee_supervisor: record,
      date_of_experience: `${LAST_MONTH}-02`,
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
    }),
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** The month's row in the official forms section. */
function monthRow(page: Page): Locator {
  return page
    .getByRole('region', { name: 'Monthly verification forms (official M-FVF)' })
    .getByRole('listitem')
    .filter({ hasText: MONTH_LABEL });
}

/** Waits for the toasts to close by themselves (5 s at most), so axe reads the page, not them. */
async function waitForToastsToClose(page: Page) {
  await expect(page.getByRole('button', { name: 'Close notification' })).toHaveCount(0, {
    timeout: 15_000,
  });
}

async function signIn(dialog: Locator, fullName: string) {
  await dialog.getByRole('textbox', { name: 'Your full name' }).fill(fullName);
  await dialog
    .getByRole('checkbox', { name: 'I agree to the attestation above and sign this form' })
    .check();
  await dialog.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(dialog).toBeHidden();
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
    await logLastMonth(request, trainee, record);

    // The month's row: its figures and deadline.
    await signInAs(page, trainee);
    await page.goto('/student/upload');
    const row = monthRow(page);
    await expect(row).toContainText('Open');
    await expect(row).toContainText(
      'Independent 3 h · Supervised 1 h · Total 4 h · 25.0% supervised',
    );
    await expect(row).toContainText(/Sign by \d+\/\d+\/\d{4} · \d+ days? left|Due today/);
    await expect(page.getByText(/^No blank official form is installed yet/)).toBeVisible();
    await expectAccessible(page);

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
    const missing = page
      .getByRole('alert')
      .filter({ hasText: 'The blank official form is missing' });
    await expect(missing).toContainText('No blank M-FVF 2022');
    await expect(missing).toContainText('FORMS_DIR');
    const blank = Buffer.from(await buildFvfTemplate('mfvf-2022-individual'));
    await chooseByKeyboard(
      page,
      missing.getByRole('button', { name: 'Install the blank BACB form' }),
      {
        name: 'blank-mfvf.pdf',
        mimeType: 'application/pdf',
        buffer: blank,
      },
    );
    await expect(
      page.getByText('M-FVF 2022 (Individual) installed. You can fill the form now.'),
    ).toBeVisible();
    await expect(page.getByText('Blank forms installed: M-FVF 2022 (Individual).')).toBeVisible();

    await row.getByRole('button', { name: /^Fill the official form for/ }).click();
    await expect(row).toContainText('Not signed yet.');
    await expect(row.getByRole('link', { name: /^Download the form for/ })).toBeVisible();

    // The trainee signs under their attestation; both fields are required.
    await row.getByRole('button', { name: /^Sign: / }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign your form' });
    await expect(dialog).toContainText(ATTESTATIONS.trainee);
    await expect(dialog).toContainText('Supervisor: not signed yet');
    await dialog.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(dialog.getByText('Type your full name to sign')).toBeVisible();
    await expect(dialog.getByText('Confirm the attestation to sign')).toBeVisible();
    await signIn(dialog, 'Fern Official');
    await expect(row).toContainText('Signatures: trainee signed');
    await expect(row.getByRole('button', { name: /^Sign: / })).toHaveCount(0);
    await waitForToastsToClose(page);
    await page.setViewportSize({ width: 375, height: 800 });
    // Axe waits for the page to be still (the sidebar slides away first).
    await expectAccessible(page);
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

    // The supervisor signs it from the trainee's page; they are never offered to fill it.
    await signInAs(page, supervisor);
    await page.goto('/supervisor/trainees');
    await page
      .getByRole('table', { name: 'Your trainees' })
      .getByRole('link', { name: 'Fern Official', exact: true })
      .click();
    const supervisorRow = monthRow(page);
    await expect(supervisorRow).toContainText('Signatures: trainee signed');
    await expect(supervisorRow.getByRole('button', { name: /^Fill/ })).toHaveCount(0);
    await supervisorRow.getByRole('button', { name: /^Sign as supervisor: / }).click();
    const supervisorDialog = page.getByRole('dialog', { name: 'Sign as supervisor' });
    await expect(supervisorDialog).toContainText(ATTESTATIONS.supervisor);
    await expect(supervisorDialog).toContainText('Trainee: signed by Fern Official on');
    await expectAccessible(page);
    await signIn(supervisorDialog, 'Sloane Signer');
    await expect(supervisorRow).toContainText('Signed');
    await expect(supervisorRow).toContainText('Signed by both on');

    // The trainee downloads the completed form and reads it back.
    await signInAs(page, trainee);
    await page.goto('/student/upload');
    await expect(monthRow(page)).toContainText('Signed by both on');
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
