import { Box, Button, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { ExperienceLog } from '../../../../shared/logs/experience-log.schema';
import { formatUsDate } from '../../../../shared/logs/time';
import { ErrorState } from '../../../components/page-state';
import { labelOfField } from './log-field-labels';

/** The fields a supervisor flagged on a log, by their form labels, with any comment. */
function flaggedItems(log: ExperienceLog): string[] {
  return Object.entries(log.data)
    .filter(([, info]) => info.flagged)
    .map(([field, info]) =>
      info.comment ? `${labelOfField(field)} (${info.comment})` : labelOfField(field),
    );
}

function EditAndResend({ log }: { log: ExperienceLog }) {
  return (
    <Button
      component={Link}
      to={`/student/edit-resend?id=${log.id}`}
      state={{ id: log.id }}
      size="compact-sm"
      variant="light"
      aria-label={`Edit and resend the log of ${formatUsDate(log.date_of_experience)}`}
    >
      Edit and resend
    </Button>
  );
}

/**
 * Flagged Logs (SPEC §2 monthly document): each flagged log's date and flagged items, with
 * 'Edit and resend' to /student/edit-resend (the log id in the query string and the state).
 */
export function FlaggedLogsTable({
  logs,
  error,
  onRetry,
  labelledBy,
}: {
  /** The flagged logs; undefined while loading. */
  logs: readonly ExperienceLog[] | undefined;
  error?: unknown;
  onRetry?: () => void;
  labelledBy: string;
}) {
  if (error) return <ErrorState error={error} onRetry={onRetry} />;
  if (!logs) {
    return (
      <Stack gap="xs" role="status" aria-label="Loading flagged logs">
        <Skeleton height={36} />
      </Stack>
    );
  }
  if (logs.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="sm">
        No flagged items found
      </Text>
    );
  }
  return (
    <Table aria-labelledby={labelledBy} verticalSpacing="xs" horizontalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Date</Table.Th>
          <Table.Th scope="col">Flagged Items</Table.Th>
          <Table.Th scope="col" visibleFrom="sm">
            <VisuallyHidden>Action</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {logs.map((log) => {
          const items = flaggedItems(log);
          return (
            <Table.Tr key={log.id}>
              <Table.Td fz="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatUsDate(log.date_of_experience)}
              </Table.Td>
              <Table.Td fz="sm">
                {items.length ? items.join(', ') : 'Whole log'}
                {/* Phones have no room for a third column: the button sits under the items. */}
                <Box hiddenFrom="sm" mt={6}>
                  <EditAndResend log={log} />
                </Box>
              </Table.Td>
              <Table.Td ta="right" visibleFrom="sm">
                <EditAndResend log={log} />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
