import { Anchor, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { Link } from 'react-router';
import { LastUpdated } from '../../../components/last-updated';
import { OfflineState } from '../../../components/offline';
import { ErrorState } from '../../../components/page-state';
import { formatMonthName } from '../../../lib/local-date';
import { useMonthValidation } from '../api/validate-month';
import { isWaitingForConnection } from '../../../lib/connection';

// The checks' tables (Mantine's Table and its ScrollArea, Badge) load while the month's figures
// do; so does the standards' mismatch notice, which few trainees see.
const loadChecksTable = () => import('./checks-table');
const MonthTypeChecks = lazy(loadChecksTable);
const loadMismatch = () => import('../../../components/standards-mismatch');
const StandardsMismatch = lazy(() =>
  loadMismatch().then((module) => ({ default: module.StandardsMismatch })),
);

/** The card's body while the figures, or the tables' code, are on their way. */
function ChecksSkeleton() {
  return (
    <Stack gap={8} role="status" aria-label="Loading this month's requirements">
      <Skeleton height={18} width="80%" />
      <Skeleton height={22} width="60%" />
      {/* The header and seven checks, each about two lines tall. */}
      <Skeleton height={28} />
      {Array.from({ length: 7 }, (_, index) => (
        <Skeleton key={index} height={44} />
      ))}
    </Stack>
  );
}

/**
 * The month-requirement checklist beside the log form (SPEC §2, §9): each check's required and
 * actual figures and whether it is met, under the rule set in force. Green is for the current
 * month only: a past month's passes are shown plainly.
 */
export function MonthRequirementsCard({ month }: { month: string }) {
  const validation = useMonthValidation(month);
  useEffect(() => {
    void loadChecksTable();
    void loadMismatch();
  }, []);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="month-requirements-title">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="month-requirements-title">
            Monthly requirements
          </Title>
          <Text size="sm" c="dimmed">
            {formatMonthName(month)}
          </Text>
          <LastUpdated at={validation.dataUpdatedAt} />
        </div>
        {isWaitingForConnection(validation) ? (
          <OfflineState />
        ) : validation.isPending ? (
          <ChecksSkeleton />
        ) : validation.isError ? (
          <ErrorState error={validation.error} onRetry={() => void validation.refetch()} />
        ) : (
          <Suspense fallback={<ChecksSkeleton />}>
            <Text size="sm">
              Rule set: <strong>{validation.data.rule_set.label}</strong>.{' '}
              {validation.data.rule_set.reason}{' '}
              <Anchor component={Link} to="/student/profile-screen" size="sm">
                Change
              </Anchor>
            </Text>
            <StandardsMismatch standards={validation.data.rule_set} />
            <MonthTypeChecks
              types={validation.data.types}
              isCurrentMonth={validation.data.is_current_month}
            />
          </Suspense>
        )}
      </Stack>
    </Paper>
  );
}
