import { Group, List, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { PreviewRow } from '../../../../shared/import/import.schema';
import { formatUsDate } from '../../../../shared/logs/time';
import { useListPages } from '../../../components/list-pages';
import { PagePagination } from '../../../components/page-pagination';
import { LOG_FIELD_LABELS } from '../../../../shared/logs/log-field-labels';

/** A dark red that reads at 6:1 on the error row's fill. */
const ERROR_TEXT = '#a51111';

/** A dark green that reads at 4.5:1 or more on white. */
const READY_TEXT = '#0b6e4f';

const hasErrors = (row: PreviewRow) => Object.keys(row.errors).length > 0;
const hours = (value: number | null) => (value === null ? '—' : String(value));
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** The row's messages, each under the log form's label of its field. */
function RowErrors({ row }: { row: PreviewRow }) {
  return (
    <List size="sm" c={ERROR_TEXT} spacing={2}>
      {Object.entries(row.errors).flatMap(([field, messages]) =>
        messages.map((message) => (
          <List.Item key={`${field}-${message}`}>
            {LOG_FIELD_LABELS[field] ?? field}: {message}
          </List.Item>
        )),
      )}
    </List>
  );
}

/**
 * Every row of the file as it will be stored, a page at a time, with the log form's messages
 * under a row that cannot be stored; the rows with errors can be shown alone.
 */
export function ImportPreviewTable({ rows }: { rows: readonly PreviewRow[] }) {
  const [filter, setFilter] = useState<'all' | 'errors'>('all');
  const failing = rows.filter(hasErrors);
  const list = filter === 'errors' ? failing : rows;
  const { shown, pages, current, from, to, total, setPage } = useListPages(list);

  return (
    <Stack gap="sm">
      {failing.length > 0 ? (
        <SegmentedControl
          aria-label="Rows shown"
          value={filter}
          onChange={(value) => {
            setFilter(value === 'errors' ? 'errors' : 'all');
            setPage(1);
          }}
          data={[
            { value: 'all', label: `All rows (${rows.length})` },
            { value: 'errors', label: `Rows with errors (${failing.length})` },
          ]}
          w="fit-content"
        />
      ) : null}
      <Text size="sm" c="dimmed" id="import-preview-lines">
        Each row is numbered by its line in your file: line 1 is the header, so the first entry is
        line 2.
      </Text>
      <Table.ScrollContainer minWidth={320}>
        <Table
          aria-labelledby="import-preview-title"
          aria-describedby="import-preview-lines"
          verticalSpacing="xs"
          horizontalSpacing="xs"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Line</Table.Th>
              <Table.Th scope="col">Date and time</Table.Th>
              <Table.Th scope="col" visibleFrom="sm">
                Type and setting
              </Table.Th>
              <Table.Th scope="col" visibleFrom="sm">
                Supervision
              </Table.Th>
              <Table.Th scope="col" ta="right" visibleFrom="sm">
                Hours
              </Table.Th>
              <Table.Th scope="col" visibleFrom="md">
                Tasks and notes
              </Table.Th>
              <Table.Th scope="col">Check</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.flatMap((row) => {
              const isBad = hasErrors(row);
              const when = `${isoDate.test(row.date) ? formatUsDate(row.date) : row.date || '—'}, ${row.start || '—'}–${row.end || '—'}`;
              const supervision =
                row.individual_or_group === 'No supervision' || row.individual_or_group === ''
                  ? row.individual_or_group || '—'
                  : [row.individual_or_group, row.method, row.supervision]
                      .filter(Boolean)
                      .join(' · ');
              const main = (
                <Table.Tr key={row.line} bg={isBad ? 'red.0' : undefined}>
                  <Table.Td fz="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {row.line}
                  </Table.Td>
                  <Table.Td fz="sm">
                    {when}
                    <Text hiddenFrom="sm" size="xs" c="dimmed">
                      {row.type || '—'} · {hours(row.experience_hours)} h
                    </Text>
                  </Table.Td>
                  <Table.Td fz="sm" visibleFrom="sm">
                    {row.type || '—'}
                    <Text size="xs" c="dimmed">
                      {row.setting || '—'} · {row.supervisor || 'no supervisor'}
                    </Text>
                  </Table.Td>
                  <Table.Td fz="sm" visibleFrom="sm">
                    {supervision}
                  </Table.Td>
                  <Table.Td
                    fz="sm"
                    ta="right"
                    visibleFrom="sm"
                    style={{ fontVariantNumeric: 'tabular-nums' }}
                  >
                    {hours(row.experience_hours)}
                    <Text size="xs" c="dimmed">
                      supervised {hours(row.supervised_hours)} · unrestricted{' '}
                      {hours(row.unrestricted_hours)}
                    </Text>
                  </Table.Td>
                  <Table.Td fz="sm" visibleFrom="md" maw={260}>
                    {row.tasks || '—'}
                    <Text size="xs" c="dimmed" lineClamp={2}>
                      {row.notes}
                    </Text>
                  </Table.Td>
                  <Table.Td w="1%" fz="sm" fw={600} c={isBad ? ERROR_TEXT : READY_TEXT}>
                    {isBad ? 'Error' : 'Ready'}
                  </Table.Td>
                </Table.Tr>
              );
              if (!isBad && row.warnings.length > 0)
                return [
                  main,
                  <Table.Tr key={`${row.line}-warnings`} bg="yellow.0">
                    <Table.Td />
                    <Table.Td colSpan={6}>
                      <List size="sm" spacing={2}>
                        {row.warnings.map((warning) => (
                          <List.Item key={warning}>{warning}</List.Item>
                        ))}
                      </List>
                    </Table.Td>
                  </Table.Tr>,
                ];
              if (!isBad) return [main];
              return [
                main,
                <Table.Tr key={`${row.line}-errors`} bg="red.0">
                  <Table.Td />
                  <Table.Td colSpan={6}>
                    <RowErrors row={row} />
                  </Table.Td>
                </Table.Tr>,
              ];
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 ? (
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            {from}–{to} of {total} rows
          </Text>
          <PagePagination total={pages} value={current} onChange={setPage} />
        </Group>
      ) : null}
    </Stack>
  );
}
