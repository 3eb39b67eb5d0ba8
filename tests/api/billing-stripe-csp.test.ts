import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeStripe } from './billing-stripe-fake';
import { startStripeApp } from './billing-stripe-support';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** The card form's Stripe.js must be allowed to load where Stripe takes the payments, only there. */

let stripeApp: TestApp;
let fake: FakeStripe;
let sandboxApp: TestApp;

beforeAll(async () => {
  ({ t: stripeApp, fake } = await startStripeApp());
  sandboxApp = await createTestApp();
});
afterAll(async () => {
  await stripeApp.close();
  await fake.close();
  await sandboxApp.close();
});

const policyOf = async (t: TestApp) =>
  String(
    (await t.request({ method: 'GET', url: '/api/health' })).headers['content-security-policy'],
  );

describe('the content security policy and Stripe Elements', () => {
  it('lets Stripe.js load, call Stripe and frame its card fields when PAYMENTS=stripe', async () => {
    const policy = await policyOf(stripeApp);
    expect(policy).toContain("script-src 'self' https://js.stripe.com");
    expect(policy).toContain("connect-src 'self' https://api.stripe.com");
    expect(policy).toContain('frame-src https://js.stripe.com https://hooks.stripe.com');
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it('allows nothing of Stripe with the sandbox', async () => {
    const policy = await policyOf(sandboxApp);
    expect(policy).toContain("script-src 'self';");
    expect(policy).not.toContain('stripe.com');
  });
});
