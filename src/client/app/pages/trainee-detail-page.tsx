import { Anchor, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconFileText, IconLayoutGrid } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link, Route, Routes, useParams } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state';
import { TraineeContractsPlaceholder } from '../../features/contracts/components/trainee-contracts-frame';
import { RecordFilesList } from '../../features/files/components/record-files-list';
import { SupervisorFinalForms } from '../../features/forms/components/supervisor-final-forms';
import { SupervisorMonthForms } from '../../features/forms/components/supervisor-month-forms';
import { AccruedTable } from '../../features/progress/components/accrued-tables';
import { useTraineeAccrued } from '../../features/review/api/get-trainee-accrued';
import { useTrainees } from '../../features/review/api/list-trainees';
import { MonthSignoffList } from '../../features/review/components/month-signoff-list';
import { traineeGridPath } from '../../features/review/components/review-paths';

// The contracts load beside the trainee's page (its first screen is the figures and months), and
// the contract's editor and dialogs only when a contract is opened (bundle budget).
const TraineeContractsSection = lazy(() =>
  import('../../features/contracts/components/trainee-contracts-section').then((m) => ({
    default: m.TraineeContractsSection,
  })),
);
const SupervisorContractPage = lazy(() =>
  import('../../features/contracts/components/contract-page').then((m) => ({
    default: m.SupervisorContractPage,
  })),
);

function BackToTrainees() {
  return (
    <Anchor
      component={Link}
      to="/supervisor/trainees"
      size="sm"
      style={{ alignSelf: 'flex-start' }}
    >
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        Back to Trainees
      </Group>
    </Anchor>
  );
}

/**
 * /supervisor/trainees/{id}: one trainee's accrued totals (the progress feature's tables, with the
 * review feature's data for that trainee), their task grid, their months to sign off, their
 * supervision contracts with this supervisor (issue 39), and their
 * uploaded forms (read-only: a supervisor downloads, never changes, a trainee's forms).
 */
export function TraineeDetailPage() {
  return (
    <Routes>
      <Route index element={<TraineeDetailScreen />} />
      {/* A contract is reached from the trainee (issue 39): /supervisor/trainees/{id}/contracts/{c}. */}
      <Route path="contracts/:contractId" element={<SupervisorContractPage />} />
    </Routes>
  );
}

function TraineeDetailScreen() {
  const { id } = useParams();
  const traineeId = Number(id);
  const trainees = useTrainees();
  const trainee = trainees.data?.find((row) => row.id === traineeId && !row.is_removed);

  if (trainees.isPending) return <LoadingState rows={8} label="Loading the trainee" />;
  if (trainees.isError)
    return <ErrorState error={trainees.error} onRetry={() => void trainees.refetch()} />;
  if (!trainee) {
    return (
      <Stack gap="md">
        <BackToTrainees />
        <Paper withBorder p="lg">
          <EmptyState title="Trainee not found">
            They may have been removed from your list, or they no longer name you as their
            supervisor.
          </EmptyState>
        </Paper>
      </Stack>
    );
  }
  return <TraineeDetail trainee={trainee} />;
}

function TraineeDetail({ trainee }: { trainee: { id: number; name: string; email: string } }) {
  const accrued = useTraineeAccrued(trainee.id);
  return (
    <Stack gap="md" maw={1100}>
      <BackToTrainees />
      <Group justify="space-between" align="flex-end" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Title order={1} size="h2">
            {trainee.name}
          </Title>
          <Text c="dimmed" size="sm" style={{ overflowWrap: 'anywhere' }}>
            {trainee.email}
          </Text>
        </div>
        <Group gap="sm">
          {/* The contracts are further down this page (issue 39): the way there, by name. */}
          <Button
            component="a"
            href="#trainee-contracts"
            variant="default"
            leftSection={<IconFileText size={18} aria-hidden />}
          >
            Contracts
          </Button>
          <Button
            component={Link}
            to={traineeGridPath(trainee.id)}
            variant="light"
            leftSection={<IconLayoutGrid size={18} aria-hidden />}
          >
            Task grid
          </Button>
        </Group>
      </Group>
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Paper
            withBorder
            p={{ base: 'sm', sm: 'md' }}
            component="section"
            aria-label="Accrued hours"
          >
            {accrued.isError ? (
              <ErrorState error={accrued.error} onRetry={() => void accrued.refetch()} />
            ) : (
              <Stack gap="md">
                <AccruedTable
                  id="trainee-accrued-total"
                  title="Total"
                  totals={accrued.data?.total}
                />
                <AccruedTable
                  id="trainee-accrued-month"
                  title="Month to Date"
                  totals={accrued.data?.weekly}
                />
              </Stack>
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Paper
            withBorder
            p={{ base: 'sm', sm: 'lg' }}
            component="section"
            aria-labelledby="trainee-months-title"
          >
            <Stack gap="sm">
              <div>
                <Title order={2} size="h4" id="trainee-months-title">
                  Months
                </Title>
                <Text size="sm" c="dimmed">
                  Approve a month’s logs with you (or your organization), then sign it off: they are
                  locked until you reopen it. The trainee’s logs with other supervisors stay open.
                </Text>
              </div>
              <MonthSignoffList trainee={trainee} />
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
      <Suspense fallback={<TraineeContractsPlaceholder traineeName={trainee.name} />}>
        <TraineeContractsSection traineeId={trainee.id} traineeName={trainee.name} />
      </Suspense>
      <SupervisorMonthForms traineeId={trainee.id} />
      <SupervisorFinalForms traineeId={trainee.id} />
      <Paper
        withBorder
        p={{ base: 'sm', sm: 'lg' }}
        component="section"
        aria-labelledby="trainee-forms-title"
      >
        <Stack gap="sm">
          <div>
            <Title order={2} size="h4" id="trainee-forms-title">
              Fieldwork forms
            </Title>
            <Text size="sm" c="dimmed">
              The verification forms {trainee.name} uploaded. Keep your own copy of each for at
              least seven years.
            </Text>
          </div>
          <RecordFilesList
            traineeId={trainee.id}
            emptyText="Their signed M-FVFs and F-FVF appear here once they upload them."
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
