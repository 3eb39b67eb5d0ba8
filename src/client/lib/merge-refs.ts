import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';

/**
 * `useMergeRefs` of @floating-ui/react, for Mantine's ScrollArea, its only use of that library
 * (vite.config.ts points it here): importing the real one made every page with a table or a
 * scroll area download the whole floating-ui chunk (decision 015) that only popovers need.
 */
export function useMergeRefs<T>(refs: (Ref<T> | undefined)[]) {
  return useMergedRef<T>(...refs);
}
