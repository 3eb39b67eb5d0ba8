import './app/styles/first-screen.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, queryClient } from './app/app';
import { watchConnection } from './lib/connection';
import { restoreQueryCache } from './lib/query-persistence';
import { readToken, readUser } from './lib/session-storage';

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
// The service worker and the offline log queue: after the page, never part of its first download.
window.addEventListener('load', () => void import('./app/pwa'));
// Before the first render: offline, the pages draw the user's last loaded answers at once.
watchConnection();
restoreQueryCache(queryClient, localStorage, readUser()?.id ?? null);
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
if (isPrerendered) hydrateRoot(root, app);
else createRoot(root).render(app);
