import { StrictMode, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './app/app';

/**
 * The build's server-side entry (scripts/prerender.ts, decision 015): a signed-out
 * visitor's page at `url`, drawn by the app's own tree (its providers, StrictMode as main.tsx has
 * it) with the router at that address, once every lazy part it shows has loaded. The client
 * hydrates this markup (main.tsx), so both must draw the same thing.
 */
export async function renderPage(url: string): Promise<string> {
  function Router({ children }: { children: ReactNode }) {
    return <StaticRouter location={url}>{children}</StaticRouter>;
  }
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App Router={Router} />
    </StrictMode>,
    // Every boundary in place, never sent apart with a script that moves it (the CSP allows no
    // inline script).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}
