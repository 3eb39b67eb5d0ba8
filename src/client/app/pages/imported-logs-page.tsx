import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { ImportResultSchema } from '../../../shared/import/import.schema';
import { PageHeader } from '../../components/page-header';
import { MonthLogsList } from '../../features/logs/components/month-logs-list';
import { formatMonthName } from '../../lib/local-date';

/** What the import's last step sends: the import's answer (its instant and months). */
const ArrivalSchema = ImportResultSchema.pick({ imported_at: true, months: true });

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * /student/imported-logs/:month (issue 28): after an import, the entries of one of the months it
 * filled, the imported ones marked, with the other months a link away. Reached without the
 * import's state (a bookmark), it is the month's entries, none marked.
 */
export function ImportedLogsPage() {
  const { month = '' } = useParams();
  const arrival = ArrivalSchema.safeParse(useLocation().state);
  if (!MONTH.test(month)) return <Navigate to="/student/logHour" replace />;
  const state = arrival.success ? arrival.data : null;
  const here = state?.months.find((item) => item.month === month);
  return (
    <Stack gap="md" maw={900}>
      <PageHeader title={`Your logs of ${formatMonthName(month)}`}>
        {here
          ? `${here.count.toLocaleString('en-US')} ${here.count === 1 ? 'entry was' : 'entries were'} imported into this month: they are marked “Just imported” and wait for your supervisor’s approval.`
          : 'Every entry of the month; open one to edit it.'}
      </PageHeader>
      {state && state.months.length > 1 ? (
        <nav aria-label="Months imported">
          <Group gap="xs">
            <Text size="sm">Months imported:</Text>
            {state.months.map((item) =>
              item.month === month ? (
                <Text key={item.month} size="sm" fw={700} aria-current="page">
                  {formatMonthName(item.month)} ({item.count})
                </Text>
              ) : (
                <Anchor
                  key={item.month}
                  component={Link}
                  to={`/student/imported-logs/${item.month}`}
                  state={state}
                  size="sm"
                >
                  {formatMonthName(item.month)} ({item.count})
                </Anchor>
              ),
            )}
          </Group>
        </nav>
      ) : null}
      <MonthLogsList month={month} importedAt={state?.imported_at} />
      <Group gap="sm">
        <Button component={Link} to="/student/import-hours" variant="default">
          Import another file
        </Button>
        <Button component={Link} to="/student/logHour" variant="default">
          Log experience hours
        </Button>
      </Group>
    </Stack>
  );
}
