import './app/styles/first-screen.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
// The service worker and the offline log queue: after the page, never part of its first download.
window.addEventListener('load', () => void import('./app/pwa'));
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
