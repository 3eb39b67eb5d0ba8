import { Paper } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { ErrorState } from '../../../components/page-state';
import { useLinkRequests } from '../api/get-link-requests';

const TraineeRequestsList = lazy(() => import('./trainee-requests-list'));

/**
 * The supervisor's home (issue 36): the trainees who listed this supervisor and wait for an
 * answer. Nothing of a trainee's reaches the supervisor before they accept; with no request
 * waiting the card is not shown.
 */
export function TraineeRequestsCard() {
  const requests = useLinkRequests();
  if (requests.isPending) return null;
  if (requests.isError) {
    return (
      <Paper
        withBorder
        p={{ base: 'sm', sm: 'md' }}
        component="section"
        aria-label="Trainee requests"
      >
        <ErrorState error={requests.error} onRetry={() => void requests.refetch()} />
      </Paper>
    );
  }
  if (requests.data.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <TraineeRequestsList requests={requests.data} />
    </Suspense>
  );
}
