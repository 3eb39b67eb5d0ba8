import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/precompress';
import { PRERENDERED_PAGES } from '../../src/shared/wire/prerendered-pages';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * How the server sends the built client (src/server/plugins/client.ts), on a client folder laid
 * out as `vite build` lays it out and precompressed by the same build step (scripts/precompress).
 */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const STYLE = `.card { padding: 4px; margin: 2px; }\n`.repeat(60);
const INDEX = `<!doctype html><html><head><title>Fieldwork Tracker</title>${'<meta name="x" content="y" />'.repeat(40)}<script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>`;

/** What scripts/prerender.ts writes for each prerendered path: index.html with the page in it. */
const prerenderedHtml = (url: string) =>
  INDEX.replace(
    '<div id="root"></div>',
    `<div id="root" data-prerendered="${url}"><h1>The page at ${url}</h1></div>`,
  );

let clientDir: string;
let t: TestApp;

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(tmpdir(), 'ft-client-'));
  await mkdir(path.join(clientDir, 'assets'));
  await mkdir(path.join(clientDir, '.vite'));
  await writeFile(path.join(clientDir, 'index.html'), INDEX);
  await writeFile(path.join(clientDir, 'assets', 'index-Ab12Cd34.js'), SCRIPT);
  await writeFile(path.join(clientDir, 'assets', 'index-Ef56Gh78.css'), STYLE);
  await writeFile(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(clientDir, '.vite', 'manifest.json'), '{"index.html":{}}');
  await mkdir(path.join(clientDir, 'prerendered'));
  for (const [url, file] of PRERENDERED_PAGES) {
    await writeFile(path.join(clientDir, file), prerenderedHtml(url));
  }
  await precompressDir(clientDir);
  t = await createTestApp({ CLIENT_DIST: clientDir });
});

afterAll(async () => {
  await t.close();
  await rm(clientDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.request({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('the built client', () => {
  it('sends the brotli copy of a hashed script to a browser that takes brotli, cached for a year', async () => {
    const response = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
    expect(response.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
  });

  it('sends the gzip copy to a browser that takes only gzip', async () => {
    const response = await get('/assets/index-Ef56Gh78.css', 'gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toMatch(/^text\/css/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(response.rawPayload).toString()).toBe(STYLE);
  });

  it('sends the file itself when no encoding is accepted, still saying it varies by encoding', async () => {
    const response = await get('/assets/index-Ab12Cd34.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.body).toBe(SCRIPT);
  });

  it('sends index.html compressed and revalidated on every load, at client routes', async () => {
    for (const url of [
      '/register/student',
      '/student/logHour',
      '/supervisor/signlogs?month=2024-05',
    ]) {
      const response = await get(url, 'br, gzip');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers.vary, url).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(INDEX);
    }
    const plain = await get('/student/logHour');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(INDEX);
  });

  it("sends the landing and sign-in pages prerendered, with index.html's headers", async () => {
    const plain = await get('/student/logHour', 'br, gzip');
    // Every header but those that describe one answer or one file.
    const ownHeaders = ['date', 'etag', 'last-modified', 'content-length', 'x-request-id'];
    const comparable = (headers: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(headers).filter(([name]) => !ownHeaders.includes(name)));
    for (const url of ['/', '/login/student', '/login/supervisor']) {
      const response = await get(url, 'br, gzip');
      expect(response.statusCode, url).toBe(200);
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(prerenderedHtml(url));
      expect(comparable(response.headers), url).toEqual(comparable(plain.headers));
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-security-policy'], url).toMatch(/script-src 'self'/);
    }
    expect((await get('/login/student')).body).toContain('<h1>The page at /login/student</h1>');
  });

  it('sends the plain index.html to those paths with a query, and to every other page', async () => {
    for (const url of ['/?code=abc&state=xyz', '/login/student?x=1', '/login/student/', '/terms']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(INDEX);
    }
  });

  it('revalidates files without a content hash (favicon.svg) instead of caching them for a year', async () => {
    const response = await get('/favicon.svg', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('never serves the build manifest, and answers a missing asset with a plain 404', async () => {
    expect((await get('/.vite/manifest.json', 'br')).statusCode).toBe(404);
    const missing = await get('/assets/index-Zz99Yy88.js', 'br');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).not.toBe(IMMUTABLE);
  });
});

describe('security headers, on the served page and on an API answer', () => {
  const pageAndApi = async () => [
    await get('/student/profile-screen', 'br'),
    await t.request({ method: 'GET', url: '/api/health' }),
  ];

  it('sends a Content-Security-Policy without inline or eval scripts, framed by nobody', async () => {
    for (const response of await pageAndApi()) {
      const policy = String(response.headers['content-security-policy']);
      const directives = new Map(
        policy.split(';').map((part) => {
          const [name = '', ...values] = part.trim().split(/\s+/);
          return [name, values.join(' ')];
        }),
      );
      expect(directives.get('default-src')).toBe("'self'");
      expect(directives.get('script-src')).toBe("'self'");
      expect(directives.get('script-src-attr')).toBe("'none'");
      expect(directives.get('object-src')).toBe("'none'");
      expect(directives.get('base-uri')).toBe("'self'");
      expect(directives.get('form-action')).toBe("'self'");
      expect(directives.get('frame-ancestors')).toBe("'none'");
      expect(policy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    }
  });

  it('sends HSTS, Referrer-Policy, Permissions-Policy and the nosniff and frame headers', async () => {
    for (const response of await pageAndApi()) {
      expect(response.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['permissions-policy']).toBe(
        'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), usb=(), interest-cohort=(), payment=(self "https://js.stripe.com")',
      );
    }
  });
});
