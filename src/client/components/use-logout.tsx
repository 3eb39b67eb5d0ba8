import { Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useSession } from '../lib/session';

/** Asks 'Are you sure you want to logout?', then ends the session and goes home. */
export function useLogout(): () => void {
  const { signOut } = useSession();
  const navigate = useNavigate();
  // The confirm dialogs' module (with Mantine's modals store) is loaded on the first click.
  return () =>
    void import('../lib/confirm').then(({ openConfirmModal }) =>
      openConfirmModal({
        title: 'Log out',
        children: <Text size="sm">Are you sure you want to logout?</Text>,
        labels: { confirm: 'Log out', cancel: 'Cancel' },
        confirmProps: { color: 'red' },
        onConfirm: () => {
          void signOut().then(() => navigate('/', { replace: true }));
        },
      }),
    );
}
