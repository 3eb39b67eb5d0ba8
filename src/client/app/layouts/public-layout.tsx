import { Anchor, Box, Group, Text } from '@mantine/core';
import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { Brand } from '../../components/brand';
import { AuthCard } from '../../components/auth-card';
import { LoadingState } from '../../components/loading-state';

/** The frame of the signed-out pages: brand on top, a centred card, the legal links below. */
export function PublicLayout() {
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box component="header" py="md" px="lg">
        <Anchor component={Link} to="/" underline="never" aria-label="Fieldwork Tracker home">
          <Brand />
        </Anchor>
      </Box>
      <Box component="main" id="main" style={{ flex: 1 }}>
        <Suspense
          fallback={
            <AuthCard>
              <LoadingState rows={5} />
            </AuthCard>
          }
        >
          <Outlet />
        </Suspense>
      </Box>
      <Box component="footer" py="md">
        <Group justify="center" gap="lg">
          <Anchor component={Link} to="/terms" size="sm" c="dimmed">
            Terms and Conditions
          </Anchor>
          <Anchor component={Link} to="/privacy" size="sm" c="dimmed">
            Privacy Policy
          </Anchor>
          <Text size="sm" c="dimmed">
            © Fieldwork Tracker
          </Text>
        </Group>
      </Box>
    </Box>
  );
}
