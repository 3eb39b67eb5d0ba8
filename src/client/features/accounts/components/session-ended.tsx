import { Alert } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';

/**
 * On the sign-in page, after the server refused this browser's session (issue 28): a session is
 * ended by "sign out" of it on another device, by "sign out all other sessions", or by a
 * password change or reset; the server cannot say which, so this names the likely causes.
 */
export function SessionEndedNotice() {
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconLogout aria-hidden />}
      title="You were signed out"
      role="status"
    >
      Your session on this device was ended, from another device or because your password was
      changed. Sign in again to carry on.
    </Alert>
  );
}
