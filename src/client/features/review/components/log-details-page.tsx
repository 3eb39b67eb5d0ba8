import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { openConfirmModal } from '../../../lib/confirm';
import { IconArrowLeft, IconCheck, IconFlag, IconLockOpen } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { ExperienceLog } from '../../../../shared/logs/experience-log.schema';
import { flaggableLabel, reviewActions } from '../../../../shared/review/review.schema';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-state';
import { ApiError } from '../../../lib/api-client';
import { formatInstant } from '../../../lib/local-date';
import { notifySuccess } from '../../../lib/notify';
import { useApproveLog } from '../api/flag-log';
import { useReviewLog } from '../api/get-log';
import { useReopenLog } from '../api/reopen-log';
import { FlagForm } from './flag-form';
import { LogDetails } from './log-details';
import { reportReviewError } from './review-errors';
import { flaggedFields, formatLongDate } from './review-model';
import { ReviewStatusBadge } from './review-status-badge';
import { APPROVE_COLOR } from './review-colors';
import { READABLE_ALERT_STYLES } from './review-colors';

/** What the page shows below the log: its history, composed by the page that owns it. */
type HistorySlot = (log: ExperienceLog) => ReactNode;

/** /supervisor/log-details/{id}[?action=flag] (SPEC §2): the whole log, and what can happen next. */
export function LogDetailsPage({ history }: { history: HistorySlot }) {
  const { id } = useParams();
  const logId = Number(id);
  return Number.isInteger(logId) && logId > 0 ? (
    <LogLoader logId={logId} history={history} />
  ) : (
    <LogNotFound />
  );
}

function LogNotFound() {
  return (
    <Paper withBorder p="lg">
      <EmptyState
        title="Log not found"
        action={
          <Button component={Link} to="/supervisor/signlogs" variant="light">
            Back to Sign logs
          </Button>
        }
      >
        It may have been deleted, or its trainee removed from your list.
      </EmptyState>
    </Paper>
  );
}

function LogLoader({ logId, history }: { logId: number; history: HistorySlot }) {
  const log = useReviewLog(logId);
  if (log.error instanceof ApiError && log.error.status === 404) return <LogNotFound />;
  if (log.isPending) return <LoadingState rows={12} label="Loading the log" />;
  if (log.isError) return <ErrorState error={log.error} onRetry={() => void log.refetch()} />;
  return <LogReview log={log.data} history={history} />;
}

function StatusNote({ log }: { log: ExperienceLog }) {
  const when = log.status_changed_at ? ` on ${formatInstant(log.status_changed_at)}` : '';
  if (log.status === 'approved') {
    return (
      <Alert styles={READABLE_ALERT_STYLES} color="green" variant="light" title={`Approved${when}`}>
        The log counts as reviewed. Reopen it if the trainee needs to change something.
      </Alert>
    );
  }
  if (log.status === 'flagged') {
    const flags = flaggedFields(log);
    return (
      <Alert styles={READABLE_ALERT_STYLES} color="orange" variant="light" title={`Flagged${when}`}>
        Waiting for the trainee to correct{' '}
        {flags.length > 0 ? flags.map((flag) => flaggableLabel(flag.field)).join(', ') : 'the log'}{' '}
        and resend it. You can still approve it as it is.
      </Alert>
    );
  }
  return null;
}

function LogReview({ log, history }: { log: ExperienceLog; history: HistorySlot }) {
  const [params, setParams] = useSearchParams();
  const approve = useApproveLog();
  const reopen = useReopenLog();
  const [actionError, setActionError] = useState<string | null>(null);
  const { canApprove, canFlag, canReopen } = reviewActions(log.status);
  const isFlagging = params.get('action') === 'flag';
  const closeFlagForm = () => setParams({}, { replace: true });

  const onApprove = () => {
    setActionError(null);
    approve.mutate(log.id, {
      onSuccess: () => {
        notifySuccess('Successfully approved!');
        closeFlagForm();
      },
      onError: (error) => setActionError(reportReviewError(error)),
    });
  };

  const onReopen = () =>
    openConfirmModal({
      title: 'Reopen this log?',
      children: (
        <Text size="sm">
          It goes back to pending, so the trainee can change it, and you review it again.
        </Text>
      ),
      labels: { confirm: 'Reopen log', cancel: 'Cancel' },
      onConfirm: () => {
        setActionError(null);
        reopen.mutate(log.id, {
          onSuccess: () => notifySuccess('Log reopened: it is pending again.'),
          onError: (error) => setActionError(reportReviewError(error)),
        });
      },
    });

  return (
    <Stack gap="md" maw={1100}>
      <Anchor
        component={Link}
        to={`/supervisor/signlogs?date=${log.date_of_experience}`}
        size="sm"
        style={{ alignSelf: 'flex-start' }}
      >
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          Back to {formatLongDate(log.date_of_experience)}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            Log of {log.user.name}
          </Title>
          <Text c="dimmed" size="sm">
            {formatLongDate(log.date_of_experience)}, {log.time_of_expereince_start}–
            {log.time_of_expereince_end} · {log.experience_hours} h
          </Text>
        </div>
        <ReviewStatusBadge status={log.status} />
      </Group>

      <StatusNote log={log} />
      {actionError ? (
        <Alert
          styles={READABLE_ALERT_STYLES}
          color="red"
          variant="light"
          role="alert"
          title="That did not work"
        >
          {actionError}
        </Alert>
      ) : null}

      {canApprove || canFlag || canReopen ? (
        <Group gap="sm">
          {canApprove ? (
            <Button
              color={APPROVE_COLOR}
              leftSection={<IconCheck size={18} aria-hidden />}
              loading={approve.isPending}
              onClick={onApprove}
            >
              Approve
            </Button>
          ) : null}
          {canFlag && !isFlagging ? (
            <Button
              variant="light"
              color="red"
              leftSection={<IconFlag size={18} aria-hidden />}
              onClick={() => setParams({ action: 'flag' }, { replace: true })}
            >
              Flag
            </Button>
          ) : null}
          {canReopen ? (
            <Button
              variant="default"
              leftSection={<IconLockOpen size={18} aria-hidden />}
              loading={reopen.isPending}
              onClick={onReopen}
            >
              Reopen
            </Button>
          ) : null}
        </Group>
      ) : null}

      {isFlagging ? (
        canFlag ? (
          <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section">
            <FlagForm log={log} onDone={closeFlagForm} onCancel={closeFlagForm} />
          </Paper>
        ) : (
          <Alert color="blue" variant="light">
            Only a pending log can be flagged; this one is {log.status}.
          </Alert>
        )
      ) : null}

      <Paper
        withBorder
        p={{ base: 'md', sm: 'lg' }}
        component="section"
        aria-labelledby="log-title"
      >
        <Stack gap="md">
          <Title order={2} size="h4" id="log-title">
            The log
          </Title>
          <LogDetails log={log} />
        </Stack>
      </Paper>
      {history(log)}
    </Stack>
  );
}
