import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { z } from 'zod';
import { readFvf } from '../../src/server/features/forms/fvf/fvf-read';
import { recogniseFvfDocument } from '../../src/server/features/forms/fvf/fvf-template';
import { readerText } from '../../src/server/adapters/pdf/pdf-reader.fixture';
import { ATTESTATIONS } from '../../src/shared/forms/attestations';
import { formatMonthYear } from '../../src/shared/logs/time';
import {
  acceptRequestFrom,
  authHeader,
  expect,
  expectNoHorizontalScroll,
  expectStill,
  failedRequestLog,
  lastMonthUtc,
  signInAs,
  test,
  type Account,
} from './support/fixtures';
import { download } from './support/files';
import {
  approveLog,
  installFromAlert,
  logFourHours,
  openTraineeAsSupervisor,
  signIn,
  waitForToastsToClose,
} from './support/forms';

mkdirSync('.tmp/screenshots', { recursive: true });

/*
 * The Organization M-FVF (issue 26 item 4): a trainee lists two supervisors at one organization
 * on their supervisor records; their month makes ONE form for the organization and fieldwork
 * type, with the hours of both added up, filled from the BACB's Organization form and signed by
 * the trainee and the responsible supervisor alone (the one with the most hours that month).
 */

const LAST_MONTH = lastMonthUtc();
const MONTH_LABEL = formatMonthYear(LAST_MONTH);
/** How the rows and the forms due name the organization's form. */
const ROW_TITLE = `${MONTH_LABEL} · Acme ABA (Rhea Rowan signs) · Supervised fieldwork`;
/** Rhea's 8 h (6 independent, 2 supervised) and Lee's 4 h (3 and 1), added up. */
const SUMMED = 'Independent 9 h · Supervised 3 h · Total 12 h · 25.0% supervised';

/** The official M-FVF section's rows of last month (the trainee's page or the supervisor's). */
function monthRows(page: Page): Locator {
  return page
    .getByRole('region', { name: 'Monthly verification forms (official M-FVF)' })
    .getByRole('listitem')
    .filter({ hasText: MONTH_LABEL });
}

/** Adds a supervisor record from the profile's Supervisors table, as the trainee does. */
async function addSupervisor(
  page: Page,
  person: { name: string; email: string; organization: string },
) {
  const supervisors = page.getByRole('region', { name: 'Supervisors' });
  await supervisors.getByRole('button', { name: 'Add Supervisor' }).click();
  const add = page.getByRole('dialog', { name: 'Add Supervisor' });
  await add.getByRole('textbox', { name: 'Full Name' }).fill(person.name);
  await add.getByRole('textbox', { name: 'Email' }).fill(person.email);
  await add.getByRole('textbox', { name: 'Organization (optional)' }).fill(person.organization);
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toBeHidden();
  await expect(supervisors.getByRole('cell', { name: person.name, exact: true })).toBeVisible();
}

/** The trainee's supervisor records by name, with the organization each one keeps. */
async function recordsByName(page: Page, trainee: Account) {
  const response = await page.request.get('/api/v1/trainee-supervisors/', {
    headers: authHeader(trainee),
  });
  expect(response.status(), await response.text()).toBe(200);
  const { results } = z
    .object({
      results: z.array(z.object({ id: z.number(), name: z.string(), organization: z.string() })),
    })
    .parse(await response.json());
  return new Map(results.map((record) => [record.name, record]));
}

/**
 * Screenshots of `target` at 1280 and 375 px wide, checking the page fits the phone once the
 * layout has settled (the side bar slides away when the window narrows).
 */
async function shoot(page: Page, target: Locator, name: string) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectStill(page);
  await target.screenshot({ path: `.tmp/screenshots/forms-organization-${name}-1280.png` });
  await page.setViewportSize({ width: 375, height: 800 });
  await expectStill(page);
  await expectNoHorizontalScroll(page);
  await target.screenshot({ path: `.tmp/screenshots/forms-organization-${name}-375.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('the Organization monthly form', () => {
  test('two supervisors at one organization make one M-FVF with their hours added up, signed by the trainee and the responsible supervisor alone', async ({
    page,
    request,
    newAccount,
    allowConsoleError,
  }) => {
    test.slow(); // A form's whole life, across three people.
    // The first fill, refused while no blank Organization form is installed.
    allowConsoleError(failedRequestLog(409));
    const trainee = await newAccount('student', { name: 'Fern Organization' });
    const rhea = await newAccount('supervisor', { name: 'Rhea Rowan' });
    const lee = await newAccount('supervisor', { name: 'Lee Park' });
    const traineeId = z.object({ id: z.number() }).parse(trainee.user).id;
    // The profile's form details (the profile step is forms-official.spec.ts's).
    const profile = await request.put(`/users/profile/${traineeId}/`, {
      headers: authHeader(trainee),
      data: {
        name: trainee.name,
        bacb_id: 'BACB7654321',
        fieldwork_state: 'Oregon',
        fieldwork_country: 'United States',
      },
    });
    expect(profile.status(), await profile.text()).toBe(200);

    // The trainee lists both supervisors at one organization, spelled differently: the forms
    // name it as first written (Rhea's record), though Lee's name sorts first.
    await signInAs(page, trainee);
    await page.evaluate(() => localStorage.setItem('welcomeSeen', 'true'));
    await page.goto('/student/profile-screen');
    await addSupervisor(page, { name: 'Rhea Rowan', email: rhea.email, organization: 'Acme ABA' });
    await addSupervisor(page, { name: 'Lee Park', email: lee.email, organization: ' acme  aba ' });
    // Both accept the trainee's requests (issue 36; their home screens are supervisor-access.spec.ts's).
    await acceptRequestFrom(request, rhea, trainee);
    await acceptRequestFrom(request, lee, trainee);
    // The organization is kept on the record: the Edit dialog shows it.
    await page
      .getByRole('region', { name: 'Supervisors' })
      .getByRole('button', { name: 'Edit Lee Park' })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit Supervisor' });
    await expect(edit.getByRole('textbox', { name: 'Organization (optional)' })).toHaveValue(
      'acme  aba',
    );
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toBeHidden();
    const records = await recordsByName(page, trainee);
    expect(records.get('Rhea Rowan')?.organization).toBe('Acme ABA');
    expect(records.get('Lee Park')?.organization).toBe('acme  aba');
    const rheaRecord = records.get('Rhea Rowan')?.id ?? 0;
    const leeRecord = records.get('Lee Park')?.id ?? 0;

    // Last month: two logs with Rhea, one with Lee, each approved by their supervisor.
    for (const [supervisor, record, day] of [
      [rhea, rheaRecord, '02'],
      [rhea, rheaRecord, '03'],
      [lee, leeRecord, '04'],
    ] as const) {
      const log = await logFourHours(request, trainee, record, `${LAST_MONTH}-${day}`);
      await approveLog(request, supervisor, log);
    }

    // The dashboard's forms due: one form for the organization, not one per supervisor.
    await page.goto('/student/dashboard');
    const due = page.getByRole('region', { name: 'Forms due' });
    const dueItems = due.getByRole('listitem').filter({ hasText: MONTH_LABEL });
    await expect(dueItems).toHaveCount(1);
    await expect(dueItems).toContainText(ROW_TITLE);
    await expect(dueItems).toContainText(SUMMED);
    await expect(dueItems).toContainText(/Sign by \d+\/\d+\/\d{4}.*(days? left|Due today)/);
    await expect(due).not.toContainText('Lee Park');
    await shoot(page, due, 'dashboard');

    // The Fieldwork Forms page: the one row, with both supervisors' hours.
    await due.getByRole('link', { name: ROW_TITLE }).click();
    await expect(page).toHaveURL(/\/student\/upload$/);
    const row = monthRows(page);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(ROW_TITLE);
    await expect(row).toContainText('Open');
    await expect(row).toContainText(SUMMED);

    // The first fill asks for the blank Organization form; the trainee installs it.
    await row.getByRole('button', { name: `Fill the official form for ${ROW_TITLE}` }).click();
    await installFromAlert(page, 'mfvf-2022-organization', {
      missing: 'No blank M-FVF 2022 (Organization)',
      label: 'M-FVF 2022 (Organization)',
    });
    await row.getByRole('button', { name: `Fill the official form for ${ROW_TITLE}` }).click();
    await expect(row).toContainText('Not signed yet.');
    await expect(row).toContainText(
      'Filled from the blank M-FVF 2022 (Organization) you installed',
    );

    // The trainee signs first.
    await row.getByRole('button', { name: `Sign: ${ROW_TITLE}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign your form' });
    await expect(dialog).toContainText(`${ROW_TITLE} · M-FVF 2022 (Organization)`);
    await expect(dialog).toContainText(ATTESTATIONS.trainee);
    await expect(dialog).toContainText('Supervisor: not signed yet');
    await signIn(dialog, 'Fern Organization');
    await expect(row).toContainText('Signatures: trainee signed');
    await waitForToastsToClose(page);
    await shoot(
      page,
      page.getByRole('region', { name: 'Monthly verification forms (official M-FVF)' }),
      'forms-page',
    );

    // Still open for the supervisor: its fields hold the organization's figures.
    const open = await download(page, row.getByRole('link', { name: /^Download the form for/ }));
    const openPdf = await readFvf(new Uint8Array(open.bytes));
    expect(openPdf.isFlattened).toBe(false);
    expect(recogniseFvfDocument(await PDFDocument.load(open.bytes)).id).toBe(
      'mfvf-2022-organization',
    );
    expect(openPdf.fields).toMatchObject({
      TRAINEE_NAME: 'Fern Organization',
      TRAINEE_BACB_ID: 'BACB7654321',
      'TRAINEE_CERTIFICATE_MONTH/YEAR': `${LAST_MONTH.slice(5)}/${LAST_MONTH.slice(0, 4)}`,
      RESPONSIBLE_SUPERVISOR_NAME: 'Rhea Rowan',
      INDEPENDENT_HOURS: '9.00',
      SUPERVISED_HOURS: '3.00',
      TOTAL_FIELDWORK: '12.00',
      // The fraction the form's own percent format shows as 25.0%.
      PERCENT_HOURS_SUPERVISED: '0.25',
      CHECK_SUPERVISED_FIELDWORK: 'Supervised Fieldwork',
    });
    expect(openPdf.signatures.trainee?.fullName).toBe('Fern Organization');
    expect(openPdf.signatures.supervisor).toBeUndefined();
    const formsAnswer = await request.get('/api/v1/month-forms/', {
      headers: authHeader(trainee),
    });
    const formId = z
      .object({
        results: z.array(
          z.object({ month: z.string(), form: z.object({ id: z.number() }).nullable() }),
        ),
      })
      .parse(await formsAnswer.json())
      .results.find((item) => item.month === LAST_MONTH)?.form?.id;
    expect(formId).toEqual(expect.any(Number));

    // Their homes agree: last month's form is on Rhea's list of forms still to sign, not Lee's.
    for (const [supervisor, listsIt] of [
      [rhea, true],
      [lee, false],
    ] as const) {
      await signInAs(page, supervisor);
      await page.goto('/supervisor/signlogs');
      const trainees = page.getByRole('list', { name: 'Trainees this month' });
      // The list and the forms still to sign come in one answer: once one shows, both have.
      await expect(trainees.getByRole('heading', { name: 'Fern Organization' })).toBeVisible();
      const toSign = page.getByRole('region', { name: 'Last month’s forms still to sign' });
      if (listsIt) {
        await expect(toSign.getByRole('listitem')).toHaveText([
          new RegExp(`^Fern Organization: M-FVF for ${formatMonthYear(LAST_MONTH)}, due`),
        ]);
      } else {
        await expect(toSign).toHaveCount(0);
      }
    }

    // Lee is at the organization but does not sign it: no row offers it, and the API refuses.
    await openTraineeAsSupervisor(page, lee, 'Fern Organization');
    const leeSection = page.getByRole('region', {
      name: 'Monthly verification forms (official M-FVF)',
    });
    await expect(leeSection.getByText('No forms for you to sign')).toBeVisible();
    await expect(leeSection).toContainText('its responsible supervisor signs the one form');
    await expect(leeSection.getByRole('button', { name: /^Sign as supervisor/ })).toHaveCount(0);
    await expect(monthRows(page)).toHaveCount(0);
    await shoot(page, leeSection, 'other-supervisor');
    const refused = await request.post(`/api/v1/month-forms/${formId}/sign/`, {
      headers: authHeader(lee),
      data: { full_name: 'Lee Park', attested: true },
    });
    // As for anyone the form is not theirs to sign: not found (nothing says it exists).
    expect(refused.status(), await refused.text()).toBe(404);
    expect(await refused.json()).toEqual({ detail: 'Form not found', code: 'NOT_FOUND' });

    // Rhea, the responsible supervisor, signs it in the browser.
    await openTraineeAsSupervisor(page, rhea, 'Fern Organization');
    const rheaRow = monthRows(page);
    await expect(rheaRow).toHaveCount(1);
    await expect(rheaRow).toContainText(SUMMED);
    await expect(rheaRow).toContainText('Signatures: trainee signed');
    await expect(rheaRow.getByRole('button', { name: /^Fill/ })).toHaveCount(0);
    await rheaRow.getByRole('button', { name: `Sign as supervisor: ${ROW_TITLE}` }).click();
    const rheaDialog = page.getByRole('dialog', { name: 'Sign as supervisor' });
    await expect(rheaDialog).toContainText(ATTESTATIONS.supervisor);
    await expect(rheaDialog).toContainText('Trainee: signed by Fern Organization on');
    await shoot(page, rheaDialog, 'signing');
    await signIn(rheaDialog, 'Rhea Rowan');
    await expect(rheaRow).toContainText('Signed by both on');

    // The trainee downloads the signed form and reads it back.
    await signInAs(page, trainee);
    await page.goto('/student/upload');
    await expect(monthRows(page)).toContainText('Signed by both on');
    const saved = await download(
      page,
      monthRows(page).getByRole('link', { name: /^Download the form for/ }),
    );
    const signed = await readFvf(new Uint8Array(saved.bytes));
    expect(signed.isFlattened).toBe(true);
    expect(signed.signatures.trainee?.fullName).toBe('Fern Organization');
    expect(signed.signatures.supervisor?.fullName).toBe('Rhea Rowan');
    expect(signed.text).toEqual(
      expect.arrayContaining([
        'Fern Organization',
        'BACB7654321',
        'Rhea Rowan',
        '9.00',
        '3.00',
        '12.00',
      ]),
    );
    expect((await PDFDocument.load(saved.bytes)).getTitle()).toBe(
      'Monthly Fieldwork Verification Form: Multiple Supervisors at One Organization',
    );
    const [shown = ''] = await readerText(new Uint8Array(saved.bytes));
    for (const value of [
      'Organization Monthly Fieldwork Verification Form',
      '25.0%',
      '/s/ Fern Organization',
      '/s/ Rhea Rowan',
    ]) {
      expect(shown).toContain(value);
    }
    expect(shown).not.toContain('Lee Park');

    // Signed, it is no longer due on the dashboard.
    await page.goto('/student/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading the forms due' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Forms due' })).toHaveCount(0);
  });
});
