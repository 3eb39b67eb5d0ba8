import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MonthLogsList } from '../../features/logs/components/month-logs-list';
import { NewLogForm } from '../../features/logs/components/new-log-form';
import { RecentlyDeleted } from '../../features/logs/components/recently-deleted';
import { MonthRequirementsCard } from '../../features/progress/components/month-requirements-card';
import { localToday } from '../../lib/local-date';
import classes from './log-hour-page.module.css';
import { useSupervisorChoices } from './supervisor-choices';

/**
 * /student/logHour: the Log Experience Hours form with this month's requirement card beside it
 * (under it on phones), then the month's entries and the recently deleted ones.
 */
export function LogHourPage() {
  const supervisors = useSupervisorChoices();
  const month = localToday().slice(0, 7);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
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
      <div className={classes.layout}>
        <div className={classes.form}>
          <NewLogForm supervisors={supervisors} />
        </div>
        <aside className={classes.card} aria-label="This month">
          <MonthRequirementsCard month={month} />
        </aside>
        <Stack gap="md" className={classes.lists}>
          <MonthLogsList month={month} />
          <RecentlyDeleted />
        </Stack>
      </div>
    </Stack>
  );
}
