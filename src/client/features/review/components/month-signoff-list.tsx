import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { openConfirmModal } from '../../../lib/confirm';
import { IconChecks, IconLock, IconLockOpen } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatMonthYear } from '../../../../shared/logs/time';
import type { MonthState } from '../../../../shared/review/review.schema';
import { EmptyState, ErrorState } from '../../../components/page-state';
import { formatInstant } from '../../../lib/local-date';
import { notifyInfo, notifySuccess } from '../../../lib/notify';
import { reviewLogsQuery } from '../api/list-logs';
import { useMonthStates } from '../api/month-states';
import { useReopenMonth } from '../api/reopen-month';
import { useSignMonth } from '../api/sign-month';
import { useBulkApproval } from './bulk-approve';
import { MonthStateBadge, monthCounts } from './month-state-badge';
import { signedNote } from './month-structure';
import { reportReviewError } from './review-errors';
import { APPROVE_COLOR } from './review-colors';
import { OfflineState } from '../../../components/offline';
import { isWaitingForConnection } from '../../../lib/connection';

type Trainee = { id: number; name: string };

/** Approve a month's pending logs: they are fetched and listed first, then approved on confirmation. */
function ApproveMonthButton({ trainee, month }: { trainee: Trainee; month: MonthState }) {
  const queryClient = useQueryClient();
  const bulk = useBulkApproval();
  const [isLoading, setIsLoading] = useState(false);
  const label = formatMonthYear(month.month);

  const onClick = async () => {
    setIsLoading(true);
    try {
      const logs = await queryClient.fetchQuery(
        reviewLogsQuery({ traineeId: trainee.id, month: month.month, status: 'pending' }),
      );
      if (logs.length === 0) notifyInfo(`No pending logs left in ${label}.`);
      else
        bulk.confirm({
          traineeId: trainee.id,
          traineeName: trainee.name,
          logs,
          scope: `of ${label}`,
        });
    } catch (error) {
      reportReviewError(error);
    } finally {
      setIsLoading(false);
    }
  };

  return (
    <Button
      size="compact-sm"
      variant="outline"
      color={APPROVE_COLOR}
      leftSection={<IconChecks size={16} aria-hidden />}
      loading={isLoading || bulk.isPending}
      onClick={() => void onClick()}
      aria-label={`Approve the ${month.pending} pending logs of ${label}`}
    >
      Approve {month.pending} pending
    </Button>
  );
}

function MonthActions({ trainee, month }: { trainee: Trainee; month: MonthState }) {
  const sign = useSignMonth();
  const reopen = useReopenMonth();
  const label = formatMonthYear(month.month);
  const body = { traineeId: trainee.id, month: month.month };
  // Issue 38: the sign-off is the organization's (its every supervisor's logs), or the supervisor's own.
  const whose = month.organization ? `logs at ${month.organization}` : 'logs with you';

  const confirmSign = () =>
    openConfirmModal({
      title: `Sign off ${label}?`,
      children: (
        <Text size="sm">
          You confirm that you reviewed {trainee.name}’s {month.logs} {whose} in {label}. They are
          locked until the month is reopened; their logs with other supervisors stay open.
        </Text>
      ),
      labels: { confirm: 'Sign off month', cancel: 'Cancel' },
      onConfirm: () =>
        sign.mutate(body, {
          onSuccess: () => notifySuccess(`${label} signed off`),
          onError: reportReviewError,
        }),
    });

  const confirmReopen = () =>
    openConfirmModal({
      title: `Reopen ${label}?`,
      children: (
        <Text size="sm">
          The month’s {whose} are unlocked, so they can be reopened and changed. Their monthly and
          final forms covering it, in the app or on paper, are voided: new ones are signed. Other
          supervisors’ sign-offs and forms stand. The reopening is kept in each log’s history.
        </Text>
      ),
      labels: { confirm: 'Reopen month', cancel: 'Cancel' },
      onConfirm: () =>
        reopen.mutate(body, {
          onSuccess: () => notifySuccess(`${label} reopened`),
          onError: reportReviewError,
        }),
    });

  if (month.state === 'signed') {
    return (
      <Button
        size="compact-sm"
        variant="default"
        leftSection={<IconLockOpen size={16} aria-hidden />}
        loading={reopen.isPending}
        onClick={confirmReopen}
        aria-label={`Reopen ${label}`}
      >
        Reopen month
      </Button>
    );
  }
  return (
    <Group gap={6} justify="flex-end">
      {month.pending > 0 ? <ApproveMonthButton trainee={trainee} month={month} /> : null}
      {month.state === 'ready' ? (
        <Button
          size="compact-sm"
          leftSection={<IconLock size={16} aria-hidden />}
          loading={sign.isPending}
          onClick={confirmSign}
          aria-label={`Sign off ${label}`}
        >
          Sign off month
        </Button>
      ) : null}
    </Group>
  );
}

function monthNote(month: MonthState): string {
  const signed = signedNote(month, formatInstant);
  if (signed) return `${signed} · ${monthCounts(month)}`;
  if (month.flagged > 0) return `${monthCounts(month)} · flagged logs wait for the trainee`;
  return monthCounts(month);
}

/**
 * A trainee's months for the supervisor: each with its counts and state, and the next step:
 * approve the pending logs (after listing them), sign the month off, or reopen it.
 */
export function MonthSignoffList({ trainee }: { trainee: Trainee }) {
  const months = useMonthStates(trainee.id);
  if (months.isError)
    return <ErrorState error={months.error} onRetry={() => void months.refetch()} />;
  if (isWaitingForConnection(months)) return <OfflineState />;
  if (!months.data) {
    return (
      <Stack gap="xs" role="status" aria-label="Loading months">
        <Skeleton height={48} />
        <Skeleton height={48} />
        <Skeleton height={48} />
      </Stack>
    );
  }
  if (months.data.length === 0) return <EmptyState title="No logs found" />;
  return (
    <Stack component="ul" gap={0} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {months.data.map((month) => (
        <Group
          key={`${month.month}-${month.trainee_supervisor}`}
          component="li"
          justify="space-between"
          gap="xs"
          py="sm"
          style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
        >
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={600} size="sm">
                {formatMonthYear(month.month)}
                {month.organization ? ` · ${month.organization}` : ''}
              </Text>
              <MonthStateBadge state={month.state} />
            </Group>
            <Text size="xs" c="dimmed">
              {monthNote(month)}
            </Text>
          </Stack>
          <MonthActions trainee={trainee} month={month} />
        </Group>
      ))}
    </Stack>
  );
}
