import { Anchor, Avatar, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { User } from '../../../../shared/accounts/account.schema';
import { ErrorState, LoadingState } from '../../../components/page-state';
import { useLogout } from '../../../components/use-logout';
import { useProfile } from '../api/get-profile';
import { EmailAddress } from '../../../components/email-address';

const LINKS = [
  { label: 'Change Password', to: '/student/password-change-profile' },
  { label: 'Terms and Conditions', to: '/student/terms-condition' },
  { label: 'Privacy Policy', to: '/student/privacy' },
  { label: 'Subscription', to: '/student/dashboard-subscription' },
] as const;

/**
 * The trainee's card: picture (initials until one is uploaded), name, email, links, log out.
 * `picture` replaces the plain avatar (the page gives the files feature's picture upload).
 */
export function ProfileSummary({ picture }: { picture?: (user: User) => ReactNode }) {
  const profile = useProfile();
  const logout = useLogout();

  if (profile.isPending) return <LoadingState rows={5} label="Loading your profile" />;
  if (profile.isError) {
    return <ErrorState error={profile.error} onRetry={() => void profile.refetch()} />;
  }
  const user = profile.data;

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} maw={420} w="100%">
      <Stack gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start">
          {picture ? (
            picture(user)
          ) : (
            <Avatar
              src={user.profile_pic}
              name={user.name}
              alt=""
              size={72}
              radius="xl"
              color="brand"
              variant="filled"
              aria-hidden
            />
          )}
          <div style={{ minWidth: 0, paddingTop: 8 }}>
            <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {user.name}
            </Title>
            <Text size="sm" c="dimmed">
              <EmailAddress address={user.email} />
            </Text>
          </div>
        </Group>
        <Stack gap={6} component="nav" aria-label="Account">
          {LINKS.map((link) => (
            <Anchor key={link.to} component={Link} to={link.to} size="sm">
              {link.label}
            </Anchor>
          ))}
        </Stack>
        <Button
          variant="light"
          color="red"
          leftSection={<IconLogout size={18} aria-hidden />}
          onClick={logout}
        >
          Log out
        </Button>
      </Stack>
    </Paper>
  );
}
