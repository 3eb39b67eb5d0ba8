import { Text, type MantineSpacing } from '@mantine/core';
import { useIsOffline } from '../lib/connection';
import { formatLoadedAt } from '../lib/local-date';

type MantineSpacingProps = { px?: MantineSpacing; mb?: MantineSpacing | number };

/** 'Last updated …' under figures shown offline; nothing while online (they are current). */
export function LastUpdated({ at, ...spacing }: { at: number } & MantineSpacingProps) {
  const isOffline = useIsOffline();
  if (!isOffline || at === 0) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="last-updated" {...spacing}>
      Last updated {formatLoadedAt(new Date(at))}
    </Text>
  );
}
