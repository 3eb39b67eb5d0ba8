import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { lazy, Suspense, useRef } from 'react';
import { Link } from 'react-router';
import { NewLogForm } from '../../features/logs/components/new-log-form';
import { WelcomePanel } from '../../features/logs/components/welcome-panel';
import { MonthRequirementsCard } from '../../features/progress/components/month-requirements-card';

import { localToday } from '../../lib/local-date';
import classes from './log-hour-page.module.css';
import { useSupervisorChoices } from './supervisor-choices';

// The lists under the form (the last thing on the page, below the fold) load beside it.
const LogHourLists = lazy(() => import('./log-hour-lists'));
// Issue 39's notices: shown only when some hours may not count, so loaded beside the form.
const StartOfFieldworkNotice = lazy(
  () => import('../../features/progress/components/start-of-fieldwork-notice'),
);
const StartWarning = lazy(() => import('../../features/progress/components/start-warning'));

const startNotice = (date: string, record: string) => (
  <Suspense fallback={null}>
    <StartWarning date={date} record={record} />
  </Suspense>
);

/** The lists' place while their code loads: the month's list and the deleted ones, loading. */
function ListsPlaceholder() {
  return (
    <>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} aria-busy>
        <Stack gap="sm">
          <Skeleton height={26} width="50%" />
          <Skeleton height={44} />
          <Skeleton height={44} />
        </Stack>
      </Paper>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} aria-busy>
        <Stack gap="sm">
          <Skeleton height={26} width="40%" />
          <Skeleton height={20} width="70%" />
          <Skeleton height={44} />
        </Stack>
      </Paper>
    </>
  );
}

/**
 * /student/logHour: the Log Experience Hours form with this month's requirement card beside it
 * (under it on phones), then the month's entries and the recently deleted ones; on a first visit,
 * the welcome above them.
 */
export function LogHourPage() {
  const supervisors = useSupervisorChoices();
  const month = localToday().slice(0, 7);
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2" ref={heading} tabIndex={-1}>
            Log Experience Hours
          </Title>
          <Text c="dimmed" size="sm">
            Hours are computed from the times you enter. Your supervisor reviews every entry.
          </Text>
        </div>
        <Button
          component={Link}
          to="/student/import-hours"
          variant="light"
          leftSection={<IconFileImport size={18} aria-hidden />}
        >
          Import hours
        </Button>
      </Group>
      <WelcomePanel onDismiss={() => heading.current?.focus()} />
      <Suspense fallback={null}>
        <StartOfFieldworkNotice />
      </Suspense>
      <div className={classes.layout}>
        <div className={classes.form}>
          <NewLogForm supervisors={supervisors} startNotice={startNotice} />
        </div>
        <aside className={classes.card} aria-label="This month">
          <MonthRequirementsCard month={month} />
        </aside>
        <Stack gap="md" className={classes.lists}>
          <Suspense fallback={<ListsPlaceholder />}>
            <LogHourLists month={month} />
          </Suspense>
        </Stack>
      </div>
    </Stack>
  );
}
