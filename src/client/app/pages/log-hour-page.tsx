import { Stack, Text, Title } from '@mantine/core';
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
      <div>
        <Title order={1} size="h2">
          Log Experience Hours
        </Title>
        <Text c="dimmed" size="sm">
          Hours are computed from the times you enter. Your supervisor reviews every entry.
        </Text>
      </div>
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
