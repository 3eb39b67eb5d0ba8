import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiRequest, setSubscriptionRequiredHandler } from './api-client';

const PAYWALL = 'Looks like your 7 day free trial has expired.';

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

describe('the API client and the server paywall', () => {
  const seen: string[] = [];
  beforeEach(() => {
    seen.length = 0;
    vi.stubGlobal('window', { location: { origin: 'http://app.test' } });
    vi.stubGlobal('localStorage', { getItem: () => 'a-token' });
    setSubscriptionRequiredHandler((message) => seen.push(message));
  });
  afterEach(() => {
    setSubscriptionRequiredHandler(() => undefined);
    vi.unstubAllGlobals();
  });

  it('hands a 402 SUBSCRIPTION_REQUIRED to the paywall handler, and still throws it', async () => {
    answer(402, { error: PAYWALL, detail: PAYWALL, code: 'SUBSCRIPTION_REQUIRED' });
    const failure = apiRequest(z.unknown(), '/api/v1/experience-log/', {
      method: 'POST',
      body: {},
    });
    await expect(failure).rejects.toMatchObject({
      status: 402,
      code: 'SUBSCRIPTION_REQUIRED',
      message: PAYWALL,
    });
    expect(seen).toEqual([PAYWALL]);
  });

  it('leaves a declined card (402 PAYMENT_FAILED) to the payment form', async () => {
    const declined = 'Your card was declined.';
    answer(402, { error: declined, detail: declined, code: 'PAYMENT_FAILED' });
    const failure = apiRequest(z.unknown(), '/api/v1/charge-payment/', { method: 'POST' });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ code: 'PAYMENT_FAILED', message: declined });
    expect(seen).toEqual([]);
  });
});
