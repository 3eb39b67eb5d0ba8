import './app/styles/first-screen.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, queryClient } from './app/app';
import { watchConnection } from './lib/connection';
import {
  clearPersistedCaches,
  persistedCacheKey,
  readToken,
  readUser,
} from './lib/session-storage';

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
// The service worker and the offline log queue: after the page, never part of its first download.
window.addEventListener('load', () => void import('./app/pwa'));
// Offline from the start when the browser says so (React Query would assume online).
watchConnection();
const userId = readUser()?.id ?? null;
// Only the signed-in person's kept answers stay. Theirs go back into the cache before the first
// render, so that a page opened offline draws them at once. The code that reads them comes first
// (from the service worker's cache once installed); it is not part of anyone's first download.
clearPersistedCaches(localStorage, userId ?? undefined);
const restored =
  userId === null
    ? Promise.resolve()
    : import('./lib/query-persistence')
        .then(({ restoreQueryCache }) =>
          restoreQueryCache(queryClient, localStorage.getItem(persistedCacheKey(userId)), userId),
        )
        .catch(() => undefined);
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// The build drew this address's page for a signed-out visitor (scripts/prerender.ts marks the
// root with it): React takes that markup over. Anyone signed in gets the page drawn afresh, which
// replaces it (a redirect to their area, say), as does any other address the copy is sent for.
const isPrerendered =
  root.dataset.prerendered === location.pathname + location.search && readToken() === null;
void restored.then(() => {
  if (isPrerendered) hydrateRoot(root, app);
  else createRoot(root).render(app);
});
