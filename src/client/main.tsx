import './app/styles/first-screen.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { readToken } from './lib/session-storage';

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
// The service worker and the offline log queue: after the page, never part of its first download.
window.addEventListener('load', () => void import('./app/pwa'));
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
