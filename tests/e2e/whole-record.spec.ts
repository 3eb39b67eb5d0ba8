import { readFileSync } from 'node:fs';
import { openZip } from '../../src/server/adapters/zip/zip-reader';
import { RecordManifestSchema } from '../../src/server/features/records-export/records-export.service';
import { WHOLE_RECORD_PATH } from '../../src/shared/records-export/whole-record';
import { expect, signInAs, test } from './support/fixtures';
import { createLogToday } from './support/logs';

const NOTE = 'Practised mand training with the whole-record trainee';

test.describe('the whole record', () => {
  test('a trainee downloads their whole record from their profile, the button busy meanwhile', async ({
    page,
    request,
    newAccount,
  }, testInfo) => {
    const account = await newAccount('student');
    await createLogToday(request, account, NOTE);
    await signInAs(page, account);
    await page.goto('/student/profile-screen');

    // The answer waits until the busy state has been seen.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${WHOLE_RECORD_PATH}`, async (route) => {
      await released;
      await route.continue();
    });
    const button = page.getByRole('button', { name: 'Download my whole record' });
    await expect(button).toBeVisible();
    const downloading = page.waitForEvent('download');
    await button.click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Preparing your record…' }),
    ).toBeVisible();
    await expect(button).toBeDisabled();
    await page.screenshot({ path: testInfo.outputPath('whole-record-busy.png'), fullPage: true });
    release();

    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^fieldwork-record-\d{4}-\d{2}-\d{2}\.zip$/);
    await expect(page.getByText(`Downloaded ${download.suggestedFilename()}`)).toBeVisible();
    await expect(button).toBeEnabled();
    await page.screenshot({ path: testInfo.outputPath('whole-record-done.png'), fullPage: true });

    const zip = await openZip(readFileSync(await download.path()));
    const manifest = RecordManifestSchema.parse(
      JSON.parse((await zip.read('manifest.json')).toString('utf8')),
    );
    expect(manifest.account).toMatchObject({ email: account.email, role: 'trainee' });
    const logs = JSON.parse((await zip.read('logs/logs.json')).toString('utf8')) as {
      experienceNote: string;
    }[];
    expect(logs.map((log) => log.experienceNote)).toEqual([NOTE]);
    expect((await zip.read('logs/logs.csv')).toString('utf8')).toContain(NOTE);
    zip.close();
  });
});
