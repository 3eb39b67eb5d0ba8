import { Alert, Center, Stack, Text, ThemeIcon, type MantineSpacing } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useIsOffline } from '../lib/connection';
import { formatLoadedAt } from '../lib/local-date';

/*
 * What the pages say while the server cannot be reached (issue 28 item 6): one notice under the
 * header, the last known figures with the time they were loaded, and, where nothing was loaded
 * before, a calm word instead of a placeholder that never ends or a red error.
 */

/** The one offline notice of the signed-in areas, under the header (area-layout.tsx). */
export function OfflineNotice() {
  const isOffline = useIsOffline();
  // The live region stays in the page so that screen readers hear the notice come and go.
  return (
    <div role="status">
      {isOffline ? (
        <Alert
          color="gray"
          variant="light"
          icon={<IconCloudOff aria-hidden />}
          title="You are offline"
          mb="md"
          data-testid="offline-notice"
        >
          What you see is what was last loaded, with the time it was loaded. It refreshes when you
          are back online.
        </Alert>
      ) : null}
    </div>
  );
}

/** In place of content that was never loaded here, while offline. */
export function OfflineState({ compact = false }: { compact?: boolean }) {
  return (
    <Center py={compact ? 'xs' : 'xl'}>
      <Stack align="center" gap="xs" maw={420} ta="center">
        {compact ? null : (
          <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
            <IconCloudOff size={26} />
          </ThemeIcon>
        )}
        <Text fw={600} size={compact ? 'sm' : undefined}>
          Available when you are back online
        </Text>
      </Stack>
    </Center>
  );
}

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
