import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_POLICY, TERMS_OF_SERVICE } from '../../src/shared/content/legal';
import { UNAUTHENTICATED } from '../helpers/accounts';
import { createTrainee } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('legal pages (public)', () => {
  it('serves the Terms of Service as results[0].body without a token', async () => {
    const response = await t.request({ method: 'GET', url: '/modules/terms-and-conditions/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ results: [{ body: TERMS_OF_SERVICE }] });
    expect(TERMS_OF_SERVICE).toContain('Last updated: 29 March 2022');
    expect(TERMS_OF_SERVICE).toContain('Fieldwork Tracker');
  });

  it('serves the Privacy Policy, with the under-13 note, as results[0].body without a token', async () => {
    const response = await t.request({ method: 'GET', url: '/modules/privacy-policy/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ results: [{ body: PRIVACY_POLICY }] });
    expect(PRIVACY_POLICY).toContain('Last updated: 29 March 2022');
    expect(PRIVACY_POLICY).toMatch(/children under 13/);
  });

  it('serves the same page to a signed-in trainee, and without the trailing slash', async () => {
    const trainee = await createTrainee(t.db);
    const signedIn = await t.request({
      method: 'GET',
      url: '/modules/terms-and-conditions/',
      token: trainee.token,
    });
    expect(signedIn.json()).toEqual({ results: [{ body: TERMS_OF_SERVICE }] });
    const response = await t.request({ method: 'GET', url: '/modules/privacy-policy' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ results: [{ body: PRIVACY_POLICY }] });
  });

  it('answers an unknown module path with 404 JSON, not the app', async () => {
    const response = await t.request({ method: 'GET', url: '/modules/cookie-policy/' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      detail: 'No route GET /modules/cookie-policy/',
      code: 'NOT_FOUND',
    });
  });
});

describe('reference lookups need a signed-in user', () => {
  it.each([
    '/api/v1/expereince-type/',
    '/api/v1/setting/',
    '/api/v1/method-supervision/',
    '/api/v1/client-observation/',
    '/api/v1/supervision-contact/',
    '/api/v1/task/',
    '/api/v1/task/?version=v5',
  ])('GET %s answers 401 without a token', async (url) => {
    const response = await t.request({ method: 'GET', url });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(UNAUTHENTICATED);
  });
});
