import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * The installable app's files (decision 023): the service worker and the web manifest are
 * revalidated on every load (a new build must reach the browser), and the page's policy lets
 * them work.
 */
let clientDir: string;
let t: TestApp;

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(tmpdir(), 'ft-pwa-'));
  await mkdir(path.join(clientDir, 'assets'));
  await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>x</title>');
  await writeFile(path.join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
  await writeFile(path.join(clientDir, 'manifest.webmanifest'), '{"name":"Fieldwork Tracker"}');
  t = await createTestApp({ CLIENT_DIST: clientDir });
});

afterAll(async () => {
  await t.close();
  await rm(clientDir, { recursive: true, force: true });
});

describe('the service worker and the manifest', () => {
  it('sends sw.js as a script that is always revalidated, never immutable', async () => {
    const response = await t.request({ method: 'GET', url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('sends the manifest as a web manifest, always revalidated', async () => {
    const response = await t.request({ method: 'GET', url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it("lets the page register its own worker and manifest, and no one else's", async () => {
    const response = await t.request({ method: 'GET', url: '/student/logHour' });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("worker-src 'self'");
    expect(policy).toContain("manifest-src 'self'");
  });
});
