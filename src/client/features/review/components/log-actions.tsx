import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import type { ExperienceLog } from '../../../../shared/logs/experience-log.schema';
import { reviewActions } from '../../../../shared/review/review.schema';
import { notifySuccess } from '../../../lib/notify';
import { useApproveLog } from '../api/flag-log';
import { reportReviewError } from './review-errors';
import { logLine } from './review-model';
import { logDetailsPath } from './review-paths';
import { APPROVE_COLOR } from './review-colors';

/** Approves one log from a list, with the SPEC §8 toast; a race (409) is told as the server says. */
export function ApproveButton({ log, size = 'compact-sm' }: { log: ExperienceLog; size?: string }) {
  const approve = useApproveLog();
  return (
    <Button
      size={size}
      color={APPROVE_COLOR}
      loading={approve.isPending}
      aria-label={`Approve the log of ${log.user.name}, ${logLine(log)}`}
      onClick={() =>
        approve.mutate(log.id, {
          onSuccess: () => notifySuccess('Successfully approved!'),
          onError: reportReviewError,
        })
      }
    >
      Approve
    </Button>
  );
}

/** View / Approve / Flag for a log, as its status allows (SPEC §4 "Log status"). */
export function LogRowActions({ log }: { log: ExperienceLog }) {
  const { canApprove, canFlag } = reviewActions(log.status);
  const about = `the log of ${log.user.name}, ${logLine(log)}`;
  return (
    <Group gap={6} justify="flex-end" wrap="nowrap">
      <Button
        component={Link}
        to={logDetailsPath(log.id)}
        size="compact-sm"
        variant="default"
        aria-label={`View ${about}`}
      >
        View
      </Button>
      {canApprove ? <ApproveButton log={log} /> : null}
      {canFlag ? (
        <Button
          component={Link}
          to={logDetailsPath(log.id, 'flag')}
          size="compact-sm"
          variant="light"
          color="red"
          aria-label={`Flag ${about}`}
        >
          Flag
        </Button>
      ) : null}
    </Group>
  );
}
