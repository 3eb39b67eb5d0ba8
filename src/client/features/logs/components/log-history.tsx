import { Paper, Skeleton, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { z } from 'zod';
import type { LogHistoryEntry } from '../../../../shared/logs/experience-log.schema';
import { SUPERVISION_CONTACTS } from '../../../../shared/logs/rule-sets';
import { EXPERIENCE_TYPES, SETTINGS } from '../../../../shared/reference/lookups';
import { ErrorState } from '../../../components/page-state';
import { formatInstant } from '../../../lib/local-date';
import { useLogHistory } from '../api/get-log-history';
import { labelOfField } from './log-field-labels';
import { OfflineState } from '../../../components/offline';
import { isWaitingForConnection } from '../../../lib/connection';

const ACTION_LABELS: Record<LogHistoryEntry['action'], string> = {
  create: 'Created',
  update: 'Edited',
  delete: 'Deleted',
  restore: 'Restored',
  approve: 'Approved',
  flag: 'Flagged',
  resubmit: 'Edited and resent',
  reopen: 'Reopened',
  import: 'Imported',
};

type NameOf = (id: number) => string | undefined;

const nameIn =
  (items: readonly { id: number; name?: string; contact?: string }[]): NameOf =>
  (id) => {
    const item = items.find((candidate) => candidate.id === id);
    return item?.name ?? item?.contact;
  };

/** A flag step's record: each flagged field, with the supervisor's comment. */
const FlagsSchema = z.record(z.string(), z.object({ comment: z.string().optional() }));

/** A recorded value as the form shows it: names for ids, '—' for nothing. */
function formatValue(field: string, value: unknown, supervisorName: NameOf): string {
  if (value === null || value === undefined || value === '') return '—';
  const flags = field === 'flags' ? FlagsSchema.safeParse(value) : null;
  if (flags?.success) {
    return Object.entries(flags.data)
      .map(([name, flag]) => `${labelOfField(name)}${flag.comment ? `: ${flag.comment}` : ''}`)
      .join('; ');
  }
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(String).join(', ');
  if (typeof value === 'number') {
    const lookup: Record<string, NameOf> = {
      expereince_type: nameIn(EXPERIENCE_TYPES),
      setting: nameIn(SETTINGS),
      supervision_contact: nameIn(SUPERVISION_CONTACTS),
      trainee_supervisor: supervisorName,
      supervisor: supervisorName,
    };
    return lookup[field]?.(value) ?? String(value);
  }
  if (typeof value === 'string' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The trainee's own entry's audit history. */
export function LogHistory({ logId, supervisorName }: { logId: number; supervisorName: NameOf }) {
  return <LogHistoryView history={useLogHistory(logId)} supervisorName={supervisorName} />;
}

/**
 * An entry's audit history, whoever reads it: who did what and when, and which fields changed
 * from what to what. The reader's own query feeds it (the trainee's, or a supervisor's).
 */
export function LogHistoryView({
  history,
  supervisorName,
}: {
  history: UseQueryResult<LogHistoryEntry[]>;
  supervisorName: NameOf;
}) {
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="log-history-title"
    >
      <Stack gap="md">
        <Title order={2} size="h4" id="log-history-title">
          History
        </Title>
        {isWaitingForConnection(history) ? (
          <OfflineState />
        ) : history.isPending ? (
          <Stack gap="sm" role="status" aria-label="Loading the history">
            <Skeleton height={20} width="50%" />
            <Skeleton height={60} />
          </Stack>
        ) : history.isError ? (
          <ErrorState error={history.error} onRetry={() => void history.refetch()} />
        ) : history.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No changes recorded yet.
          </Text>
        ) : (
          <Timeline bulletSize={14} lineWidth={2} active={history.data.length}>
            {[...history.data].reverse().map((entry) => {
              // A creation lists every field; the entry above already shows them.
              const changes = entry.action === 'create' ? [] : Object.entries(entry.changes);
              return (
                <Timeline.Item
                  key={entry.id}
                  title={
                    <Text size="sm" fw={600} component="h3">
                      {ACTION_LABELS[entry.action]} by {entry.actor.name ?? 'a former user'}
                    </Text>
                  }
                >
                  <Text size="xs" c="dimmed">
                    <time dateTime={entry.at}>{formatInstant(entry.at)}</time>
                  </Text>
                  {changes.length > 0 ? (
                    <Table.ScrollContainer minWidth={300} mt={6}>
                      <Table fz="sm" verticalSpacing={4} withRowBorders={false}>
                        <Table.Thead>
                          <Table.Tr>
                            <Table.Th>Field</Table.Th>
                            <Table.Th>Before</Table.Th>
                            <Table.Th>After</Table.Th>
                          </Table.Tr>
                        </Table.Thead>
                        <Table.Tbody>
                          {changes.map(([field, change]) => (
                            <Table.Tr key={field}>
                              <Table.Th scope="row" fw={500}>
                                {labelOfField(field)}
                              </Table.Th>
                              <Table.Td>{formatValue(field, change.old, supervisorName)}</Table.Td>
                              <Table.Td>{formatValue(field, change.new, supervisorName)}</Table.Td>
                            </Table.Tr>
                          ))}
                        </Table.Tbody>
                      </Table>
                    </Table.ScrollContainer>
                  ) : null}
                </Timeline.Item>
              );
            })}
          </Timeline>
        )}
      </Stack>
    </Paper>
  );
}
