import { Stack, Text } from '@mantine/core';
import type { FinalFormsAnswer } from '../../../../shared/forms/final-form.schema';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-state';
import type { useFinalForms } from '../api/get-final-forms';
import { FinalFormRowItem, type FinalFormRowActions } from './final-form-row';
import { finalRowKey } from './final-form-status';

type RowsProps = { actions: FinalFormRowActions; emptyText: string };

/** The F-FVF rows of a trainee in their loading, error and empty states. */
export function FinalFormsList({
  query,
  ...props
}: RowsProps & { query: ReturnType<typeof useFinalForms> }) {
  if (query.isPending) return <LoadingState rows={2} label="Loading the final forms" />;
  if (query.isError) {
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <FinalFormRows answer={query.data} {...props} />;
}

/** One row per supervision experience (a supervisor may have several), then the voided count. */
export function FinalFormRows({
  answer: { results, voided },
  actions,
  emptyText,
}: RowsProps & { answer: FinalFormsAnswer }) {
  if (results.length === 0) {
    return <EmptyState title="No supervision with hours yet">{emptyText}</EmptyState>;
  }
  return (
    <Stack gap={0}>
      <ul
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
        aria-label="Final verification forms"
      >
        {results.map((row) => (
          <FinalFormRowItem key={finalRowKey(row)} row={row} actions={actions} />
        ))}
      </ul>
      {voided.length > 0 ? (
        <Text size="xs" c="dimmed" pt="xs">
          {voided.length === 1
            ? '1 earlier final form was'
            : `${voided.length} earlier final forms were`}{' '}
          replaced or voided; they are kept in the history.
        </Text>
      ) : null}
    </Stack>
  );
}
