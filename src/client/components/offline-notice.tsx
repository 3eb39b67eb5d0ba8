import { lazy, Suspense } from 'react';
import { useIsOffline } from '../lib/connection';

// The notice's Alert is not part of any page's first download: it loads (from the service
// worker's cache) the first time the connection is lost.
const OfflineAlert = lazy(() => import('./offline-alert'));

/** The one offline notice of the signed-in areas, under the header (area-layout.tsx). */
export function OfflineNotice() {
  const isOffline = useIsOffline();
  // The live region stays in the page so that screen readers hear the notice come and go.
  return (
    <div role="status">
      {isOffline ? (
        <Suspense fallback={null}>
          <OfflineAlert />
        </Suspense>
      ) : null}
    </div>
  );
}
