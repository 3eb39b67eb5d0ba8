import type { APIRequestContext, Page } from '@playwright/test';
import { UserSubscriptionsResponseSchema } from '../../../src/shared/billing/billing.schema';
import { authHeader, expect, type Account } from './fixtures';

/** A future expiry as the card form takes it. */
const CARD_EXPIRY = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

/**
 * Fills the card form as a person does, with one of the sandbox's test cards (4242… pays as
 * tok_visa); returns the form.
 */
export async function fillCard(page: Page, number = '4242 4242 4242 4242') {
  const card = page.getByRole('form', { name: 'Card details' });
  await card.getByRole('textbox', { name: 'Card number' }).fill(number);
  await card.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill(CARD_EXPIRY);
  await card.getByRole('textbox', { name: 'CVC' }).fill('123');
  await card.getByRole('textbox', { name: 'Card holder name' }).fill('Tara Trainee');
  return card;
}

/** GET /api/v1/user-subscription/ for an account, parsed as the client parses it. */
export async function userSubscriptionsOf(request: APIRequestContext, account: Account) {
  const response = await request.get('/api/v1/user-subscription/', {
    headers: authHeader(account),
  });
  expect(response.status()).toBe(200);
  return UserSubscriptionsResponseSchema.parse(await response.json());
}
