import { Skeleton, Stack } from '@mantine/core';

/** A placeholder the size of the content, so nothing jumps when it arrives. */
export function LoadingState({ rows = 4, label = 'Loading' }: { rows?: number; label?: string }) {
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
