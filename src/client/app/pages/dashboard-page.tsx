import { Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconHelpCircle, IconPencilPlus } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { LoadingState } from '../../components/loading-state';
import { LastUpdated } from '../../components/last-updated';
import { OfflineState } from '../../components/offline';
import { EmptyState, ErrorState } from '../../components/page-state';
import { FinalFormsCard } from '../../features/files/components/final-forms-card';
import { requestedFormType } from '../../features/files/components/upload-state';
import { FormsDueCard } from '../../features/forms/components/forms-due-card';
import { useDashboard } from '../../features/progress/api/dashboard';
import { useDashboardTable } from '../../features/progress/api/dashboard-table';
import { CountedHoursCard } from '../../features/progress/components/counted-hours-card';
import { MonthlyDetails } from '../../features/progress/components/monthly-details';
import { ProgressCharts } from '../../features/progress/components/progress-charts';
import { useSupervisorChoices } from './supervisor-choices';
import { isWaitingForConnection } from '../../lib/connection';
import { useStandardsSwitch } from '../../lib/standards-switch';
import { LazyStandardsSwitchCard } from '../../components/lazy-standards-switch-card';

// The export card sits at the foot of the page; its task and date pickers load after the rest.
const TaskDataCard = lazy(() =>
  import('../../features/progress/components/task-data-card').then((m) => ({
    default: m.TaskDataCard,
  })),
);

// Below the headline and the charts: the five-year window's card and the months signed off load
// beside the figures they show (each waits for its own answer, with its own loading state).
const FiveYearWindowCard = lazy(() =>
  import('../../features/progress/components/five-year-window-card').then((m) => ({
    default: m.FiveYearWindowCard,
  })),
);
const MonthsSignedList = lazy(() =>
  import('../../features/review/components/months-signed-list').then((m) => ({
    default: m.MonthsSignedList,
  })),
);

function FaqLink() {
  return (
    <Anchor component={Link} to="/student/faq" size="sm">
      <Group gap={4} wrap="nowrap" component="span">
        <IconHelpCircle size={16} aria-hidden />
        Questions about hours? Read the FAQ
      </Group>
    </Anchor>
  );
}

/**
 * The Final Fieldwork Verification Forms card. Navigation with state type M-FVF or F-FVF opens
 * its upload modal (SPEC §2); once that modal closes the state is dropped, so going back or
 * reloading does not open it again.
 */
function FormsCard() {
  const location = useLocation();
  const navigate = useNavigate();
  const supervisors = useSupervisorChoices();
  const requested = requestedFormType(location.state);
  return (
    <FinalFormsCard
      // A new navigation with state opens the modal again, even from this page.
      key={location.key}
      supervisors={supervisors}
      initialUpload={requested}
      onModalClosed={
        requested
          ? () => void navigate(location.pathname, { replace: true, state: null })
          : undefined
      }
    />
  );
}

/**
 * /student/dashboard (SPEC §2): the hours that count, the two charts, Monthly Details, the final
 * forms due and uploaded, and the Task Data export; a trainee with no logs is shown where to start.
 */
export function DashboardPage() {
  const dashboard = useDashboard();
  const table = useDashboardTable();
  const standardsSwitch = useStandardsSwitch();
  const hasNoLogs = dashboard.data?.total_hours === 0;

  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between" align="baseline" gap="xs">
        <Title order={1} size="h2">
          Dashboard
        </Title>
        <FaqLink />
      </Group>
      <LastUpdated at={dashboard.dataUpdatedAt} />
      {isWaitingForConnection(dashboard) ? (
        <Paper withBorder p="lg">
          <OfflineState />
        </Paper>
      ) : dashboard.isError ? (
        <ErrorState error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      ) : hasNoLogs ? (
        <Paper withBorder p="lg">
          <EmptyState
            title="No hours logged yet"
            action={
              <Button
                component={Link}
                to="/student/logHour"
                leftSection={<IconPencilPlus size={18} aria-hidden />}
              >
                Log your first hours
              </Button>
            }
          >
            Once you log fieldwork, this page shows your progress toward 2,000 hours, what each
            month counts for with the BACB, and which tasks you have covered.
          </EmptyState>
        </Paper>
      ) : (
        <>
          {/* The switch notice above the headline; the headline waits for it, so nothing jumps. */}
          {standardsSwitch.data ? <LazyStandardsSwitchCard data={standardsSwitch.data} /> : null}
          <CountedHoursCard
            dashboard={standardsSwitch.isPending ? undefined : dashboard.data}
            ruleSetLabel={table.data?.rule_set.label}
          />
          <Suspense fallback={<Skeleton height={120} radius="sm" />}>
            <FiveYearWindowCard
              dashboard={standardsSwitch.isPending ? undefined : dashboard.data}
            />
          </Suspense>
          <ProgressCharts dashboard={dashboard.data} />
          <MonthlyDetails />
          <Suspense fallback={<Skeleton height={120} radius="sm" />}>
            <MonthsSignedList />
          </Suspense>
        </>
      )}
      {/* The forms and the export do not depend on the figures: they stay usable. */}
      <FormsDueCard />
      <FormsCard />
      {hasNoLogs ? null : (
        <Suspense fallback={<LoadingState rows={4} label="Loading Task Data" />}>
          <TaskDataCard />
        </Suspense>
      )}
      {dashboard.isSuccess && !hasNoLogs ? (
        <Text size="sm" c="dimmed">
          Hours are rounded to the nearest quarter hour.
        </Text>
      ) : null}
    </Stack>
  );
}
