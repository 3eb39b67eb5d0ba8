import { expect, signInAs, test } from './support/fixtures';

test.describe('error pages', () => {
  test('an unknown address shows the 404 page with a way home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
    await page.getByRole('link', { name: 'Go home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: "I'm a:" })).toBeVisible();
  });

  test('a trainee who opens the supervisor area sees the 401 page', async ({ page, trainee }) => {
    await signInAs(page, trainee);
    await page.goto('/supervisor/signlogs');
    await expect(page.getByRole('heading', { name: 'Oops!' })).toBeVisible();
    await expect(page.getByText('401 - UNAUTHORIZED ACCESS')).toBeVisible();
    await expect(page.getByText('The page needs user authorization')).toBeVisible();
    await expect(page.getByRole('link', { name: 'LOGIN NOW' })).toHaveAttribute('href', '/');
  });

  test('a signed-out visitor of a protected page is sent to the landing page', async ({ page }) => {
    await page.goto('/student/profile-screen');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/supervisor/signlogs');
    await expect(page).toHaveURL(/\/$/);
  });
});
