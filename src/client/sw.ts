import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { API_PREFIXES } from '../shared/wire/api-paths';

/*
 * The service worker (docs/decisions/023-offline-log-form.md), built by vite-plugin-pwa
 * (injectManifest): the built app shell and every lazy chunk precached, so that the app, and the
 * log form, open offline; every page's address answered with index.html, never an API path; and
 * of the API's answers only the trainee's supervisor list is kept (the log form's Supervisor
 * select), per session, and dropped at sign-out. Everything else the API answers is never kept.
 */

declare const self: { __WB_MANIFEST: (string | PrecacheEntry)[] } & typeof globalThis;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install takes the open page at once, so that its lazy chunks load offline too. A
// new version waits until the app's tabs are closed (their chunks would be gone).
clientsClaim();

// As the server does (plugins/client.ts): a path with a file extension is a file, not a page.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [...API_PREFIXES.map((prefix) => new RegExp(`^${prefix}`)), /\/[^/]+\.[^/]+$/],
  }),
);

const SESSION_CACHE = 'offline-session-v1';

/** A hash of the request's session: a kept answer is only ever given back to that session. */
async function sessionKey(request: Request): Promise<string> {
  const bytes = new TextEncoder().encode(request.headers.get('authorization') ?? '');
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  const hex = Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
  const url = new URL(request.url);
  url.searchParams.set('session', hex);
  return url.href;
}

registerRoute(
  ({ url, request }) => request.method === 'GET' && url.pathname === '/api/v1/trainee-supervisors/',
  new NetworkFirst({
    cacheName: SESSION_CACHE,
    plugins: [
      { cacheKeyWillBeUsed: async ({ request }) => sessionKey(request) },
      new ExpirationPlugin({ maxEntries: 4, maxAgeSeconds: 14 * 24 * 60 * 60 }),
    ],
  }),
);

// Signing out drops what was kept for the session (whatever the server answers).
registerRoute(
  ({ url }) => url.pathname === '/api/v1/logout/',
  async (options) => {
    try {
      return await new NetworkOnly().handle(options);
    } finally {
      await caches.delete(SESSION_CACHE);
    }
  },
  'POST',
);
