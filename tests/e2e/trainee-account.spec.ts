import { waitForCode } from './support/mailbox';
import { expect, failedRequestLog, PASSWORD, test, uniqueEmail } from './support/fixtures';

test.describe('trainee account', () => {
  test('a trainee registers, verifies with the mailed code, signs out and back in', async ({
    page,
  }) => {
    const email = uniqueEmail('new-trainee');
    await page.goto('/');
    await page.getByRole('link', { name: 'Trainee' }).click();
    await expect(page).toHaveURL(/\/login\/student$/);
    await page.getByRole('link', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/register\/student$/);
    await expect(page.getByText('7-day free trial')).toBeVisible();

    await page.getByRole('textbox', { name: 'Full Name', exact: true }).fill('Riley Trainee');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill(PASSWORD);
    await page.getByRole('checkbox', { name: /I agree to the/ }).check();
    const since = Date.now();
    await page.getByRole('button', { name: 'Sign Up' }).click();

    await expect(page.getByText('Successfully registered')).toBeVisible();
    await expect(page).toHaveURL(/\/verify-email$/);
    await expect(page.getByText(email)).toBeVisible();
    const code = await waitForCode(email, 'verification', since);
    await page.getByRole('textbox', { name: 'Verification Token', exact: true }).fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();

    // SPEC §2: a verified trainee goes on to choose a subscription; the area is open in the trial.
    await expect(page).toHaveURL(/\/subscription$/);
    await expect(page.getByRole('heading', { name: 'Choose Subscription' })).toBeVisible();
    await page.goto('/student/logHour');
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();

    await page.goto('/student/profile-screen');
    await expect(page.getByRole('heading', { name: 'Riley Trainee' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await page.getByRole('main').getByRole('button', { name: 'Log out' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Are you sure you want to logout?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: "I'm a:" })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await page.getByRole('link', { name: 'Trainee' }).click();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Successfully logged in')).toBeVisible();
    await expect(page).toHaveURL(/\/student\/logHour$/);
  });

  test('the sign-up form shows every rule of SPEC §5 under its field', async ({ page }) => {
    const field = (name: string) => page.getByRole('textbox', { name, exact: true });
    await page.goto('/register/student');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(field('Full Name')).toHaveAccessibleDescription('⋆Required');
    await expect(field('Email')).toHaveAccessibleDescription('⋆Required');
    await expect(field('Confirm Password')).toHaveAccessibleDescription('⋆Required');
    await expect(page.getByText('Please agree to our terms and conditions')).toBeVisible();
    await expect(field('Full Name')).toBeFocused();

    await field('Email').fill('not-an-email');
    await field('Password').fill('short');
    await expect(field('Email')).toHaveAccessibleDescription('Invalid email format');
    await expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(field('Password')).toHaveAccessibleDescription(
      /Password must be 8 characters long/,
    );

    // The confirmation is compared once the fields it depends on are filled in.
    await field('Full Name').fill('Riley Trainee');
    await field('Email').fill('riley@example.com');
    await field('Password').fill(PASSWORD);
    await field('Confirm Password').fill(`${PASSWORD}-typo`);
    await page.getByRole('checkbox', { name: /I agree to the/ }).check();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(field('Confirm Password')).toHaveAccessibleDescription('Passwords not matched');
    await expect(page).toHaveURL(/\/register\/student$/);
  });

  test('the Terms and Privacy links open full-screen dialogs', async ({ page }) => {
    await page.goto('/register/student');
    await page.getByRole('button', { name: 'Terms and Conditions' }).click();
    const terms = page.getByRole('dialog', { name: 'Terms and Conditions' });
    await expect(terms).toBeVisible();
    await expect(terms.getByText(/29 March 2022/)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(terms).toBeHidden();
    await page.getByRole('button', { name: 'Privacy Policy' }).click();
    const privacy = page.getByRole('dialog', { name: 'Privacy Policy' });
    await expect(privacy.getByText(/13/).first()).toBeVisible();
  });

  test('an invitation link prefills and locks the email', async ({ page }) => {
    await page.goto('/register/supervisor?email=invited%40example.com');
    await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(
      'invited@example.com',
    );
    await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveAttribute(
      'readonly',
      '',
    );
  });

  test('an email already registered is reported under the email field', async ({
    page,
    trainee,
    allowConsoleError,
  }) => {
    allowConsoleError(failedRequestLog(400));
    await page.goto('/register/student');
    await page.getByRole('textbox', { name: 'Full Name', exact: true }).fill('Second Tara');
    await page
      .getByRole('textbox', { name: 'Email', exact: true })
      .fill(trainee.email.toUpperCase());
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill(PASSWORD);
    await page.getByRole('checkbox', { name: /I agree to the/ }).check();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(
      page.getByRole('textbox', { name: 'Email', exact: true }),
    ).toHaveAccessibleDescription('A user with that email already exists.');
    await expect(page).toHaveURL(/\/register\/student$/);
  });
});
