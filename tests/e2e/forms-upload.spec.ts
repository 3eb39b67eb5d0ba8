import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { z } from 'zod';
import { SVG_PICTURE_MESSAGES } from '../../src/server/features/files/svg-picture';
import { formatMonthYear } from '../../src/shared/logs/time';
import { pdfBytes, PNG_BYTES, SCRIPT_BYTES } from '../helpers/file-fixtures';
import { storedCopyOf } from '../helpers/stored-pdf';
import {
  acceptRequestFrom,
  type Account,
  expect,
  expectNoHorizontalScroll,
  failedRequestLog,
  signInAs,
  test,
  uniqueEmail,
  authHeader,
  lastMonthUtc,
} from './support/fixtures';
import { chooseByKeyboard, download, dropFile } from './support/files';

mkdirSync('.tmp/screenshots', { recursive: true });

const LAST_MONTH = lastMonthUtc();
const userId = (account: Account) => z.object({ id: z.number() }).parse(account.user).id;

/** The trainee's supervisor record (linked to an account when `email` is a supervisor's). */
async function addSupervisor(
  request: APIRequestContext,
  trainee: Account,
  person: { name: string; email?: string },
): Promise<number> {
  const response = await request.post('/api/v1/trainee-supervisors/', {
    headers: authHeader(trainee),
    data: { name: person.name, lastname: '', email: person.email ?? uniqueEmail('dana') },
  });
  expect(response.status(), await response.text()).toBe(201);
  return z.object({ id: z.number() }).parse(await response.json()).id;
}

/** A form uploaded through the API, for tests whose subject is what comes after. */
async function uploadThroughApi(
  request: APIRequestContext,
  trainee: Account,
  form: { supervisor: number; title: string; bytes: Buffer; final?: boolean },
): Promise<number> {
  const response = await request.post('/api/v1/upload-record/', {
    headers: authHeader(trainee),
    multipart: {
      form_type: form.final ? 'Final' : 'Monthly',
      supervisor: String(form.supervisor),
      ...(form.final ? { description: 'The whole supervision period' } : { date: LAST_MONTH }),
      title: form.title,
      filled: 'true',
      downloaded: 'true',
      signed: 'true',
      document: { name: `${form.title}.pdf`, mimeType: 'application/pdf', buffer: form.bytes },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return z.object({ id: z.number() }).parse(await response.json()).id;
}

/** Picks an option of a Mantine Select by its label. */
async function choose(scope: Page | Locator, page: Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function confirmAll(dialog: Locator) {
  for (const label of [
    'Filled in all the fields',
    'Downloaded the PDF before filling out the form (not in the browser)',
    'Get the form signed by your supervisor',
  ]) {
    await dialog.getByRole('checkbox', { name: label }).check();
  }
}

test.describe('fieldwork forms', () => {
  test('a trainee uploads last month’s M-FVF, downloads it, edits, deletes and restores it', async ({
    page,
    request,
    newAccount,
  }) => {
    test.slow(); // One form's whole life.
    const trainee = await newAccount('student', { name: 'Fern Forms' });
    await addSupervisor(request, trainee, { name: 'Dana Reyes' });
    const form = await pdfBytes('M-FVF of last month');

    await signInAs(page, trainee);
    await page.goto('/student/logHour');
    // A first visit shows the welcome in the page: the sidebar is used without closing it.
    await expect(page.getByRole('region', { name: 'Welcome to Fieldwork Tracker' })).toBeVisible();
    await page.getByRole('link', { name: 'Fieldwork Forms' }).click();
    await expect(page).toHaveURL(/\/student\/upload$/);
    await expect(page.getByRole('heading', { name: 'Fieldwork Forms', level: 1 })).toBeVisible();
    await expect(
      page.getByText(/keep a copy of every form for at least seven years/),
    ).toBeVisible();
    await expect(
      page.getByText(/by the last day of\s+the month after the supervision month/),
    ).toBeVisible();
    await expect(
      page.getByRole('link', { name: /^Blank forms for individual supervisors/ }),
    ).toHaveAttribute('href', 'https://www.bacb.com/bcba/');
    await expect(
      page.getByRole('link', { name: /^Blank forms for organizations/ }),
    ).toHaveAttribute('href', 'https://www.bacb.com/bcba/');
    await expect(page.getByText('No forms uploaded yet')).toBeVisible();

    await page.getByRole('button', { name: 'Upload M-FVF' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload a form' });
    await expect(dialog.getByRole('radio', { name: 'Monthly (M-FVF)' })).toBeChecked();
    await choose(dialog, page, 'Supervisor', 'Dana Reyes');
    await choose(dialog, page, 'Month of supervision', formatMonthYear(LAST_MONTH));
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Last month signed');
    await chooseByKeyboard(page, dialog.getByRole('button', { name: 'Choose file' }), {
      name: 'm-fvf.pdf',
      mimeType: 'application/pdf',
      buffer: form,
    });
    await expect(dialog.getByText(/^Chosen: m-fvf\.pdf/)).toBeVisible();
    await confirmAll(dialog);
    await dialog.getByRole('button', { name: 'Upload Document' }).click();
    await expect(page.getByText('Successfully submitted!')).toBeVisible();
    await expect(dialog).toBeHidden();

    const month = page.getByRole('region', { name: formatMonthYear(LAST_MONTH) });
    await expect(month.getByText('Last month signed', { exact: true })).toBeVisible();
    await expect(month.getByText(/Dana Reyes · m-fvf\.pdf/)).toBeVisible();
    const saved = await download(
      page,
      month.getByRole('link', { name: 'Download Last month signed' }),
    );
    expect(saved.name).toBe('m-fvf.pdf');
    expect(saved.bytes.equals(await storedCopyOf(form))).toBe(true);

    await month.getByRole('button', { name: 'Edit Last month signed' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit form' });
    await expect(edit.getByText('Current file: m-fvf.pdf')).toBeVisible();
    await edit.getByRole('textbox', { name: 'Title' }).fill('Last month, countersigned');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Successfully updated!')).toBeVisible();
    await expect(month.getByText('Last month, countersigned', { exact: true })).toBeVisible();

    await month.getByRole('button', { name: 'Delete Last month, countersigned' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this file?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Successfully deleted!')).toBeVisible();
    await expect(page.getByText('No forms uploaded yet')).toBeVisible();

    const deleted = page.getByRole('region', { name: 'Recently deleted' });
    await expect(deleted.getByText('Last month, countersigned', { exact: true })).toBeVisible();
    await deleted.getByRole('button', { name: 'Restore Last month, countersigned' }).click();
    await expect(page.getByText('Successfully restored!')).toBeVisible();
    await expect(month.getByText('Last month, countersigned', { exact: true })).toBeVisible();
    await expect(deleted.getByText('No form deleted in the last 30 days.')).toBeVisible();
  });

  test('a script named .pdf is refused with the server’s message and nothing is listed', async ({
    page,
    request,
    newAccount,
    allowConsoleError,
  }) => {
    allowConsoleError(failedRequestLog(400));
    const trainee = await newAccount('student');
    await addSupervisor(request, trainee, { name: 'Dana Reyes' });

    await signInAs(page, trainee);
    await page.goto('/student/upload');
    await page.getByRole('button', { name: 'Upload M-FVF' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload a form' });
    await choose(dialog, page, 'Supervisor', 'Dana Reyes');
    await chooseByKeyboard(page, dialog.getByRole('button', { name: 'Choose file' }), {
      name: 'form.pdf',
      mimeType: 'application/pdf',
      buffer: SCRIPT_BYTES,
    });
    await confirmAll(dialog);
    await dialog.getByRole('button', { name: 'Upload Document' }).click();

    await expect(page.getByText('Document: Invalid File Format')).toBeVisible();
    await expect(dialog.getByText('Invalid File Format', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('No forms uploaded yet')).toBeVisible();
    const listed = await request.get('/api/v1/record-files/', { headers: authHeader(trainee) });
    expect(await listed.json()).toEqual({ monthly_form: [], final_form: [] });
  });

  test('the dashboard’s F-FVF card takes a dropped form; navigation with state opens the modal', async ({
    page,
    request,
    newAccount,
  }) => {
    const trainee = await newAccount('student', { name: 'Finn Final' });
    await addSupervisor(request, trainee, { name: 'Dana Reyes' });
    const form = await pdfBytes('F-FVF');

    await signInAs(page, trainee);
    await page.goto('/student/dashboard');
    const card = page.getByRole('region', { name: 'Final Fieldwork Verification Forms' });
    await expect(card.getByText('No final form uploaded yet.')).toBeVisible();
    await card.getByRole('button', { name: 'Upload F-FVF' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload a form' });
    await expect(dialog.getByRole('radio', { name: 'Final (F-FVF)' })).toBeChecked();
    await choose(dialog, page, 'Supervisor', 'Dana Reyes');
    await dialog.getByRole('textbox', { name: 'Description' }).fill('January 2025 to now');
    await dropFile(page, dialog.getByTestId('file-drop'), {
      name: 'f-fvf.pdf',
      mimeType: 'application/pdf',
      buffer: form,
    });
    await expect(dialog.getByText(/^Chosen: f-fvf\.pdf/)).toBeVisible();
    await confirmAll(dialog);
    await dialog.getByRole('button', { name: 'Upload Document' }).click();
    await expect(page.getByText('Successfully submitted!')).toBeVisible();
    await expect(card.getByText('January 2025 to now', { exact: true })).toBeVisible();
    const saved = await download(page, card.getByRole('link', { name: 'Download f-fvf.pdf' }));
    expect(saved.bytes.equals(await storedCopyOf(form))).toBe(true);

    // Another page sends the trainee here with state type M-FVF (SPEC §2).
    await page.evaluate(() => {
      window.history.pushState(
        { usr: { type: 'M-FVF' }, key: 'mfvf', idx: 1 },
        '',
        '/student/dashboard',
      );
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    });
    const monthly = page.getByRole('dialog', { name: 'Upload a form' });
    await expect(monthly.getByRole('radio', { name: 'Monthly (M-FVF)' })).toBeChecked();
    await monthly.getByRole('button', { name: 'Cancel' }).click();
    await expect(monthly).toBeHidden();
  });

  test('the linked supervisor sees the trainee’s forms read-only and downloads one', async ({
    page,
    request,
    newAccount,
  }) => {
    const supervisor = await newAccount('supervisor', { name: 'Sam Signer' });
    const trainee = await newAccount('student', { name: 'Tess Trainee' });
    const record = await addSupervisor(request, trainee, {
      name: 'Sam Signer',
      email: supervisor.email,
    });
    await acceptRequestFrom(request, supervisor, trainee);
    const form = await pdfBytes('Signed by both');
    await uploadThroughApi(request, trainee, {
      supervisor: record,
      title: 'Signed M-FVF',
      bytes: form,
    });

    await signInAs(page, supervisor);
    await page.goto(`/supervisor/trainees/${userId(trainee)}`);
    await expect(page.getByRole('heading', { name: 'Tess Trainee', level: 1 })).toBeVisible();
    const forms = page.getByRole('region', { name: 'Fieldwork forms' });
    const month = forms.getByRole('region', { name: formatMonthYear(LAST_MONTH) });
    await expect(month.getByText('Signed M-FVF', { exact: true })).toBeVisible();
    await expect(forms.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);
    const saved = await download(page, month.getByRole('link', { name: 'Download Signed M-FVF' }));
    expect(saved.bytes.equals(await storedCopyOf(form))).toBe(true);
  });

  test('a dropped profile picture shows on the profile and in the header; an SVG is drawn into a PNG, or refused', async ({
    page,
    newAccount,
    allowConsoleError,
  }) => {
    allowConsoleError(failedRequestLog(400));
    const trainee = await newAccount('student', { name: 'Pia Picture' });
    await signInAs(page, trainee);
    await page.goto('/student/profile-screen');
    const header = page.getByRole('banner');
    await expect(header.getByText('PP')).toBeVisible();

    await dropFile(page, page.getByTestId('picture-drop'), {
      name: 'me.png',
      mimeType: 'image/png',
      buffer: PNG_BYTES,
    });
    await expect(page.getByText('Image Uploaded Successfully')).toBeVisible();
    const headerPicture = page.getByTestId('header-avatar').locator('img');
    await expect(headerPicture).toHaveAttribute(
      'src',
      /^\/api\/v1\/users\/picture\/\d+\/[\w-]+\.png$/,
    );
    await expect
      .poll(() => headerPicture.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(1);
    await expect(page.getByTestId('picture-drop').locator('img')).toBeVisible();
    await page.screenshot({ path: '.tmp/screenshots/profile-picture-1280.png' });

    // The keyboard's way, with an SVG: the server keeps the PNG it draws (512 px a side).
    const chooseSvg = (name: string, text: string) =>
      chooseByKeyboard(page, page.getByRole('button', { name: 'Change picture' }), {
        name,
        mimeType: 'image/svg+xml',
        buffer: Buffer.from(text),
      });
    await chooseSvg(
      'me.svg',
      '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" onload="alert(1)"><script>alert(2)</script><circle cx="32" cy="32" r="30" fill="#e8590c"/><text x="32" y="41" font-size="24" text-anchor="middle" fill="white">PP</text></svg>',
    );
    await expect
      .poll(() => headerPicture.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(512);
    await expect(headerPicture).toHaveAttribute('src', /\.png$/);
    await page.screenshot({ path: '.tmp/screenshots/profile-picture-svg-1280.png' });

    // What the server refuses: its own message is shown.
    await chooseSvg(
      'linked.svg',
      '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://example.com/a.png"/></svg>',
    );
    await expect(page.getByText('Image Not Uploaded')).toBeVisible();
    await expect(
      page.getByRole('alert').filter({ hasText: SVG_PICTURE_MESSAGES.links }),
    ).toBeVisible();
    await page.screenshot({ path: '.tmp/screenshots/profile-picture-svg-refused-1280.png' });

    // The picture set before stays, after a reload too.
    await page.reload();
    await expect(headerPicture).toHaveAttribute('src', /\.png$/);
  });

  test('the Fieldwork Forms page is accessible on a desktop and on a 375 px phone', async ({
    page,
    request,
    newAccount,
  }) => {
    test.slow(); // Four axe passes on a loaded machine.
    const trainee = await newAccount('student', { name: 'Ada Access' });
    const record = await addSupervisor(request, trainee, { name: 'Dana Reyes' });
    const bytes = await pdfBytes();
    await uploadThroughApi(request, trainee, { supervisor: record, title: 'Signed M-FVF', bytes });
    await uploadThroughApi(request, trainee, {
      supervisor: record,
      title: 'Final form',
      bytes,
      final: true,
    });
    const old = await uploadThroughApi(request, trainee, {
      supervisor: record,
      title: 'First scan',
      bytes,
    });
    const removed = await request.delete(`/api/v1/upload-record/${old}/`, {
      headers: authHeader(trainee),
    });
    expect(removed.status()).toBe(204);

    await signInAs(page, trainee);
    await page.goto('/student/upload');
    await expect(page.getByText('Signed M-FVF', { exact: true })).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: 'Recently deleted' })
        .getByText('First scan', { exact: true }),
    ).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: '.tmp/screenshots/fieldwork-forms-1280.png', fullPage: true });
    await page.getByRole('button', { name: 'Upload M-FVF' }).click();
    await expect(page.getByRole('dialog', { name: 'Upload a form' })).toBeVisible();
    await page.screenshot({ path: '.tmp/screenshots/fieldwork-forms-modal-1280.png' });
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByText('Signed M-FVF', { exact: true })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: '.tmp/screenshots/fieldwork-forms-375.png', fullPage: true });
    await page.getByRole('button', { name: 'Upload M-FVF' }).click();
    await expect(page.getByRole('dialog', { name: 'Upload a form' })).toBeVisible();
    await expectNoHorizontalScroll(page);
  });
});
