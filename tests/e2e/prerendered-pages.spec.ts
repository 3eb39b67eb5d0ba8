import type { Page } from '@playwright/test';
import { expect, failedRequestLog, signInAs, test } from './support/fixtures';

/**
 * The landing and sign-in pages come drawn in their HTML (scripts/prerender.ts) and React takes
 * that markup over (client/main.tsx). The fixtures' console guard fails a test on any console
 * error, which is how React reports a hydration mismatch.
 */

/** Resolves once React has taken over the element (hydration marks each node it adopts). */
async function expectHydrated(page: Page, selector: string): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate((css) => {
        const element = document.querySelector(css);
        return element !== null && Object.keys(element).some((key) => key.startsWith('__react'));
      }, selector),
    )
    .toBe(true);
}

test.describe('prerendered pages', () => {
  test('without JavaScript, the landing and sign-in pages still show their content', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Every fieldwork hour' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Trainee' })).toBeVisible();
    await page.goto('/login/supervisor');
    await expect(page.getByRole('heading', { name: 'Welcome back, Supervisor' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await context.close();
  });

  test('the landing page is hydrated, not drawn again, and its links work', async ({ page }) => {
    // Counts the headings taken out of the document: drawing the page afresh would remove the
    // one the HTML brought; hydration keeps it.
    await page.addInitScript(() => {
      const counts = { removedHeadings: 0 };
      Object.assign(window, { counts });
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.removedNodes) {
            if (node instanceof Element && (node.matches('h1') || node.querySelector('h1'))) {
              counts.removedHeadings += 1;
            }
          }
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/');
    await expectHydrated(page, 'h1');
    await expect(page.getByRole('heading', { name: 'Every fieldwork hour' })).toBeVisible();
    const removed = await page.evaluate(
      () => (window as unknown as { counts: { removedHeadings: number } }).counts.removedHeadings,
    );
    expect(removed).toBe(0);
    await page.getByRole('link', { name: 'Trainee' }).click();
    await expect(page).toHaveURL(/\/login\/student$/);
    await expect(page.getByRole('heading', { name: 'Welcome back, Trainee' })).toBeVisible();
  });

  test('the sign-in page is hydrated and its form answers', async ({ page }) => {
    await page.goto('/login/student');
    await expectHydrated(page, 'form');
    await page.getByRole('button', { name: 'Sign In' }).click();
    // The form's own check, which only the hydrated page runs.
    await expect(page.getByRole('textbox', { name: 'Password' })).toHaveAttribute(
      'data-invalid',
      'true',
    );
  });

  test('what is typed before the script takes over is kept and sent', async ({
    page,
    supervisor,
    allowConsoleError,
  }) => {
    allowConsoleError(failedRequestLog(400));
    // The scripts held back until the fields are filled: only the HTML's form is there.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/login/student', { waitUntil: 'commit' });
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(supervisor.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(supervisor.password);
    release();
    await expectHydrated(page, 'form');
    await page.getByRole('button', { name: 'Sign In' }).click();
    // The server's answer to those credentials: they were sent.
    await expect(
      page
        .getByRole('main')
        .getByRole('alert')
        .filter({ hasText: "Invalid student's credentials" }),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(
      supervisor.email,
    );
  });

  test('a signed-in trainee at / still goes to their area', async ({ page, trainee }) => {
    await signInAs(page, trainee);
    await page.goto('/');
    await expect(page).toHaveURL(/\/student\//);
  });
});
