import { Badge, Button, Group, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSessions } from '../api/get-sessions';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions';
import { useRevokeSession } from '../api/revoke-session';
import { formatInstant } from '../../../lib/local-date';
import { describeBrowser } from './describe-browser';
import { ROW_STYLE, SectionList, SecuritySection } from './security-section';

const failed = (error: unknown, fallback: string) =>
  notifyError(error instanceof ApiError ? error.message : fallback);

/**
 * "Active sessions" on the profile: every browser signed in to the account, this one marked,
 * each other with Sign out, and Sign out everywhere else.
 */
export function ActiveSessionsSection() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const others = (sessions.data ?? []).filter((session) => !session.is_current);
  const revokingId = revoke.isPending ? (revoke.variables ?? null) : null;

  const onRevoke = async (id: number) => {
    try {
      await revoke.mutateAsync(id);
      notifySuccess('Session signed out');
    } catch (error) {
      failed(error, 'Failed to sign out the session!');
    }
  };
  const onRevokeOthers = async () => {
    try {
      const { revoked } = await revokeOthers.mutateAsync();
      notifySuccess(`${revoked} other session${revoked === 1 ? '' : 's'} signed out`);
    } catch (error) {
      failed(error, 'Failed to sign out the other sessions!');
    }
  };

  return (
    <SecuritySection
      title="Active sessions"
      description="Where your account is signed in. Sign out any session you do not recognise, then change your password."
      action={
        others.length > 0 ? (
          <Group>
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconLogout size={16} aria-hidden />}
              loading={revokeOthers.isPending}
              onClick={() => void onRevokeOthers()}
            >
              Sign out all other sessions
            </Button>
          </Group>
        ) : null
      }
      query={sessions}
      loadingLabel="Loading your sessions"
      isEmpty={(sessions.data ?? []).length === 0}
      emptyText="No active sessions."
    >
      <SectionList>
        {(sessions.data ?? []).map((session) => {
          const browser = describeBrowser(session.user_agent);
          return (
            <Group
              key={session.id}
              component="li"
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              py="xs"
              style={ROW_STYLE}
            >
              <div style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Text size="sm" fw={600}>
                    {browser}
                  </Text>
                  {session.is_current ? (
                    <Badge size="sm" variant="dot" color="teal.7" c="dark.8">
                      This device
                    </Badge>
                  ) : null}
                </Group>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {[
                    session.ip_address || 'Unknown address',
                    `signed in ${formatInstant(session.created_at)}`,
                    `last active ${formatInstant(session.last_used_at)}`,
                  ].join(' · ')}
                </Text>
              </div>
              {session.is_current ? null : (
                <Button
                  size="xs"
                  variant="default"
                  loading={revokingId === session.id}
                  onClick={() => void onRevoke(session.id)}
                  aria-label={`Sign out ${browser}, last active ${formatInstant(session.last_used_at)}`}
                  style={{ flexShrink: 0 }}
                >
                  Sign out
                </Button>
              )}
            </Group>
          );
        })}
      </SectionList>
    </SecuritySection>
  );
}
