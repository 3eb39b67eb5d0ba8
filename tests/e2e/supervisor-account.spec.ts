import { waitForCode } from './support/mailbox';
import {
  expect,
  PASSWORD,
  signInAs,
  SUPERVISOR_CREDENTIALS,
  test,
  uniqueEmail,
} from './support/fixtures';

test.describe('supervisor account', () => {
  test('a supervisor registers, verifies, edits the profile and reaches the sign logs page', async ({
    page,
  }) => {
    const email = uniqueEmail('new-supervisor');
    await page.goto('/');
    await page.getByRole('link', { name: 'Supervisor' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back, Supervisor' })).toBeVisible();
    await page.getByRole('link', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/register\/supervisor$/);
    await expect(page.getByText('7-day free trial')).toHaveCount(0);

    await page.getByRole('textbox', { name: 'Full Name', exact: true }).fill('Morgan Supervisor');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await expect(
      page.getByRole('textbox', { name: 'BACB Account ID Number', exact: true }),
    ).toHaveAttribute('placeholder', 'BACBXXXXXX');
    await expect(
      page.getByRole('textbox', { name: 'BACB Certification ID Number', exact: true }),
    ).toHaveAttribute('placeholder', 'X-XX-XXXXX');
    await page
      .getByRole('textbox', { name: 'BACB Account ID Number', exact: true })
      .fill(SUPERVISOR_CREDENTIALS.bacb_account_number);
    await page
      .getByRole('textbox', { name: 'BACB Certification ID Number', exact: true })
      .fill(SUPERVISOR_CREDENTIALS.bacb_certification_number);
    await page
      .getByRole('textbox', { name: 'Supervisor Qualification', exact: true })
      .fill('BCBA-D');
    await page
      .getByRole('textbox', { name: 'Date Qualified to Supervise', exact: true })
      .fill('2019-06-01');
    await page
      .getByRole('textbox', { name: 'Date Qualified to Supervise', exact: true })
      .press('Tab');
    await page
      .getByRole('textbox', { name: 'Date of Supervision Contract', exact: true })
      .fill('2026-01-10');
    await page
      .getByRole('textbox', { name: 'Date of Supervision Contract', exact: true })
      .press('Tab');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill(PASSWORD);
    await page.getByRole('checkbox', { name: /I agree to the/ }).check();
    const since = Date.now();
    await page.getByRole('button', { name: 'Sign Up' }).click();

    await expect(page).toHaveURL(/\/verify-email$/);
    const code = await waitForCode(email, 'verification', since);
    await page.getByRole('textbox', { name: 'Verification Token', exact: true }).fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/supervisor\/signlogs$/);
    await expect(page.getByRole('heading', { name: 'Sign logs' })).toBeVisible();
    await expect(page.getByText('No logs found').first()).toBeVisible();

    await page.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/supervisor\/profile-screen$/);
    const main = page.getByRole('main');
    await expect(main.getByText('BCBA-D')).toBeVisible();
    await expect(main.getByText('June 1, 2019')).toBeVisible();
    await main.getByRole('button', { name: 'Edit' }).click();
    await expect(main.getByRole('textbox', { name: 'Email', exact: true })).toHaveAttribute(
      'readonly',
      '',
    );
    await expect(main.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);
    await main
      .getByRole('textbox', { name: 'Full Name', exact: true })
      .fill('Morgan Q. Supervisor');
    await main
      .getByRole('textbox', { name: 'Supervisor Qualification', exact: true })
      .fill('12345');
    await main.getByRole('button', { name: 'Save' }).click();
    await expect(
      main.getByRole('textbox', { name: 'Supervisor Qualification', exact: true }),
    ).toHaveAccessibleDescription('Supervisor Qualification can not be numbers');
    await main.getByRole('textbox', { name: 'Supervisor Qualification', exact: true }).fill('BCBA');
    await main
      .getByRole('textbox', { name: 'BACB Account ID Number', exact: true })
      .fill('BACB654321');
    await main
      .getByRole('textbox', { name: 'Date of Supervision Contract', exact: true })
      .fill('2026-02-01');
    await main
      .getByRole('textbox', { name: 'Date of Supervision Contract', exact: true })
      .press('Tab');
    await main.getByRole('button', { name: 'Save' }).click();

    await expect(page.getByText('Successfully Updated')).toBeVisible();
    await expect(main.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Morgan Q. Supervisor' })).toBeVisible();
    await expect(main.getByText('BACB654321')).toBeVisible();
    await expect(main.getByText('February 1, 2026')).toBeVisible();

    // The change is stored: a reload shows it from the server.
    await page.reload();
    await expect(main.getByText('BACB654321')).toBeVisible();
    await page.getByRole('link', { name: 'Sign logs' }).click();
    await expect(page.getByText('No logs found').first()).toBeVisible();
  });

  test('the supervisor fields check the BACB number formats', async ({ page }) => {
    await page.goto('/register/supervisor');
    await page.getByRole('textbox', { name: 'BACB Account ID Number', exact: true }).fill('12345');
    await page
      .getByRole('textbox', { name: 'BACB Certification ID Number', exact: true })
      .fill('1234');
    await page.getByRole('textbox', { name: 'Supervisor Qualification', exact: true }).fill('2020');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(
      page.getByRole('textbox', { name: 'BACB Account ID Number', exact: true }),
    ).toHaveAccessibleDescription('Not a valid number');
    await expect(
      page.getByRole('textbox', { name: 'BACB Certification ID Number', exact: true }),
    ).toHaveAccessibleDescription('Not a valid number');
    await expect(
      page.getByRole('textbox', { name: 'Supervisor Qualification', exact: true }),
    ).toHaveAccessibleDescription('Supervisor Qualification can not be numbers');
    await expect(
      page.getByRole('textbox', { name: 'Date Qualified to Supervise', exact: true }),
    ).toHaveAccessibleDescription('⋆Required');
  });

  test('a cancelled edit changes nothing', async ({ page, supervisor }) => {
    await signInAs(page, supervisor);
    await page.goto('/supervisor/profile-screen');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Edit' }).click();
    await main.getByRole('textbox', { name: 'Full Name', exact: true }).fill('Somebody Else');
    await main.getByRole('button', { name: 'Cancel' }).click();
    await expect(main.getByRole('heading', { name: supervisor.name })).toBeVisible();
  });
});
