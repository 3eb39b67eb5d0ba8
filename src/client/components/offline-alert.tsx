import { Alert } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';

/** The offline notice's text (OfflineNotice in offline-notice.tsx shows it while offline). */
export default function OfflineAlert() {
  return (
    <Alert
      color="gray"
      variant="light"
      icon={<IconCloudOff aria-hidden />}
      title="You are offline"
      mb="md"
      data-testid="offline-notice"
    >
      What you see is what was last loaded, with the time it was loaded. It refreshes when you are
      back online.
    </Alert>
  );
}
