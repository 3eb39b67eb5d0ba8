import { Skeleton, Stack } from '@mantine/core';
import { useIsOffline } from '../lib/connection';
import { OfflineState } from './offline';

/**
 * A placeholder the size of the content, so nothing jumps when it arrives; offline, where the
 * content cannot arrive (its query waits for the connection), a calm word instead.
 */
export function LoadingState({ rows = 4, label = 'Loading' }: { rows?: number; label?: string }) {
  const isOffline = useIsOffline();
  if (isOffline) return <OfflineState compact={rows < 4} />;
  return (
    <Stack gap="sm" aria-busy="true" aria-label={label} role="status">
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} height={index === 0 ? 28 : 18} width={index === 0 ? '40%' : '100%'} />
      ))}
    </Stack>
  );
}

/**
 * The placeholder of a whole page while its code or data loads: the same in the area's frame
 * (area-fallback.tsx), in the shell (area-layout.tsx) and behind the trainee's paywall check.
 */
export function PageLoadingState() {
  return <LoadingState rows={6} />;
}
