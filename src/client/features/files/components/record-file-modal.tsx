import { lazy, Suspense, useState } from 'react';
import type { RecordFileModalProps } from './record-file-dialog';

// The modal (Mantine's Modal, its focus trap and portal) loads when it is first asked for: the
// dashboard and the forms page show it only after a click.
const RecordFileDialog = lazy(() => import('./record-file-dialog'));

/**
 * The upload modal of SPEC §2 (record-file-dialog.tsx), nothing until its first opening; it stays
 * mounted afterwards so that it closes with its transition.
 */
export function RecordFileModal(props: RecordFileModalProps) {
  const [isLoaded, setIsLoaded] = useState(false);
  if (props.request !== null && !isLoaded) setIsLoaded(true);
  if (!isLoaded) return null;
  return (
    <Suspense fallback={null}>
      <RecordFileDialog {...props} />
    </Suspense>
  );
}
