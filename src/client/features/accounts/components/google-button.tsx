import { Button, Divider } from '@mantine/core';
import { IconBrandGoogle } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { startGoogleSignIn, useGoogleEnabled } from '../api/google';
import { rememberGoogleSignIn } from './google-storage';
import type { PageRole } from './role';

/**
 * 'Continue with Google' (SPEC §2), shown only when the server offers it: the server starts the
 * code flow and the browser goes to Google, coming back to the landing page.
 */
export function GoogleButton({ role }: { role: PageRole }) {
  const isEnabled = useGoogleEnabled();
  const [isStarting, setIsStarting] = useState(false);
  if (!isEnabled) return null;

  const onClick = async () => {
    setIsStarting(true);
    try {
      const { authorization_url, state } = await startGoogleSignIn(role === 'supervisor');
      rememberGoogleSignIn(role, state);
      window.location.assign(authorization_url);
    } catch (error) {
      notifyError(error instanceof ApiError ? error.message : 'Failed to login.');
      setIsStarting(false);
    }
  };

  return (
    <>
      <Divider label="or" labelPosition="center" />
      <Button
        variant="default"
        fullWidth
        leftSection={<IconBrandGoogle size={18} aria-hidden />}
        loading={isStarting}
        onClick={() => void onClick()}
      >
        Continue with Google
      </Button>
    </>
  );
}
