import { Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { SecurityEventKind } from '../../../../shared/security/security.schema';
import { PAGE_SIZE } from '../../../../shared/wire/pagination';
import { useServerPaging } from '../../../components/list-pages';
import { PagePagination } from '../../../components/page-pagination';
import { useSecurityEvents } from '../api/get-security-events';
import { formatInstant } from '../../../lib/local-date';
import { describeBrowser } from './describe-browser';
import { ROW_STYLE, SectionList, SecuritySection } from './security-section';

/** What each security event is called on the screen. */
export const SECURITY_EVENT_LABELS: Record<SecurityEventKind, string> = {
  signup: 'Account created',
  login: 'Signed in',
  google_login: 'Signed in with Google',
  login_failed: 'Failed sign-in',
  login_locked: 'Sign-in locked after repeated failures',
  logout: 'Signed out',
  email_verified: 'Email verified',
  password_changed: 'Password changed',
  password_reset: 'Password reset',
  password_set: 'Password set',
  google_linked: 'Google sign-in linked',
  google_unlinked: 'Google sign-in unlinked',
  session_revoked: 'A session was signed out',
  sessions_revoked: 'All other sessions were signed out',
  supervisor_added: 'Supervisor added',
  supervisor_removed: 'Supervisor removed',
  trainee_removed: 'Trainee removed',
  trainee_restored: 'Trainee restored',
  month_signed: 'Month signed off',
  month_reopened: 'Month reopened',
  subscription_changed: 'Subscription changed',
  payment_method_changed: 'Payment method changed',
};

const isFailure = (kind: SecurityEventKind) => kind === 'login_failed' || kind === 'login_locked';

/** "Security activity" on the profile: the account's security events, newest first. */
export function SecurityActivitySection() {
  const [page, setPage] = useState(1);
  const events = useSecurityEvents(page);
  const paging = useServerPaging(page, setPage, events);
  const pages = Math.max(1, Math.ceil((paging?.count ?? 0) / PAGE_SIZE));
  const rows = events.data?.results ?? [];

  return (
    <SecuritySection
      title="Security activity"
      description="Sign-ins, password changes and other changes to your account, newest first. If you see something you did not do, change your password."
      query={events}
      loadingLabel="Loading your security activity"
      isEmpty={rows.length === 0}
      emptyText="No security activity yet."
    >
      <SectionList>
        {rows.map((event) => (
          <Stack key={event.id} component="li" gap={2} py="xs" style={ROW_STYLE}>
            <Group justify="space-between" wrap="nowrap" gap="xs" align="baseline">
              <Text size="sm" fw={600} c={isFailure(event.kind) ? 'red.8' : undefined}>
                {SECURITY_EVENT_LABELS[event.kind]}
              </Text>
              <Text
                size="sm"
                c="dimmed"
                component="time"
                dateTime={event.created_at}
                style={{ flexShrink: 0 }}
              >
                {formatInstant(event.created_at)}
              </Text>
            </Group>
            {event.ip_address || event.user_agent ? (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {[event.ip_address, event.user_agent ? describeBrowser(event.user_agent) : '']
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            ) : null}
          </Stack>
        ))}
      </SectionList>
      {pages > 1 ? (
        <Group justify="flex-end">
          <PagePagination total={pages} value={page} onChange={setPage} />
        </Group>
      ) : null}
    </SecuritySection>
  );
}
