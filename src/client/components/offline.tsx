import { Text } from '@mantine/core';

/*
 * What the pages say while the server cannot be reached (issue 28 item 6): one notice under the
 * header, the last known figures with the time they were loaded, and, where nothing was loaded
 * before, a calm word instead of a placeholder that never ends or a red error.
 */

/** In place of content that was never loaded here, while offline. */
export function OfflineState({ compact = false }: { compact?: boolean }) {
  return (
    <Text c="dimmed" fw={600} size="sm" ta="center" py={compact ? 'xs' : 'xl'}>
      Available when you are back online
    </Text>
  );
}
