import { Stack, Text } from '@mantine/core';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-state';
import type { useMonthForms } from '../api/get-month-forms';
import { MonthFormRowItem, type MonthFormRowActions } from './month-form-row';
import { rowKey } from './month-form-status';

/** The month rows of a trainee (newest first) in their loading, error and empty states. */
export function MonthFormsList({
  query,
  actions,
  emptyTitle = 'No months with hours yet',
  emptyText,
}: {
  query: ReturnType<typeof useMonthForms>;
  actions: MonthFormRowActions;
  emptyTitle?: string;
  emptyText: string;
}) {
  if (query.isPending) return <LoadingState rows={3} label="Loading the monthly forms" />;
  if (query.isError) {
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  }
  const { results, voided } = query.data;
  if (results.length === 0) return <EmptyState title={emptyTitle}>{emptyText}</EmptyState>;
  return (
    <Stack gap={0}>
      <ul
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
        aria-label="Monthly verification forms"
      >
        {results.map((row) => (
          <MonthFormRowItem key={rowKey(row)} row={row} actions={actions} />
        ))}
      </ul>
      {voided.length > 0 ? (
        <Text size="xs" c="dimmed" pt="xs">
          {voided.length === 1 ? '1 earlier form was' : `${voided.length} earlier forms were`}{' '}
          voided when a month was reopened; they are kept in the history.
        </Text>
      ) : null}
    </Stack>
  );
}
