import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('foundation', () => {
  it('reports that the database answers', async () => {
    const response = await t.request({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up' });
    expect(response.headers['x-request-id']).toMatch(/^[\w-]{8,64}$/);
  });

  it('answers unknown API paths with 404 JSON', async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/no-such-thing/' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      detail: 'No route GET /api/v1/no-such-thing/',
      code: 'NOT_FOUND',
    });
  });

  it('sends security headers, on answers and on errors alike', async () => {
    for (const url of ['/api/health', '/api/v1/no-such-thing/']) {
      const response = await t.request({ method: 'GET', url });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    }
  });

  it('asks browsers to upgrade plain http requests only when the app is served over https', async () => {
    // Over http, an upgraded redirect (a profile picture to its signed URL) would never load.
    const policy = (await t.request({ method: 'GET', url: '/api/health' })).headers[
      'content-security-policy'
    ];
    expect(policy).not.toContain('upgrade-insecure-requests');
    const secure = await createTestApp({ APP_URL: 'https://tracker.example' });
    try {
      const securePolicy = (await secure.request({ method: 'GET', url: '/api/health' })).headers[
        'content-security-policy'
      ];
      expect(securePolicy).toContain('upgrade-insecure-requests');
    } finally {
      await secure.close();
    }
  });

  it('serves the OpenAPI document generated from the routes', async () => {
    const response = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/signup/',
        '/api/v1/login/',
        '/api/v1/sessions/',
        '/api/v1/sessions/{id}/',
        '/api/v1/sessions/revoke-others/',
        '/api/v1/security-events/',
      ]),
    );
  });

  it('answers malformed JSON with a 400 in the contract shape', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/login/',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ non_field_errors: ['The request body is not valid JSON.'] });
  });
});
