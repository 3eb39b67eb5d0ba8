import { Button, Group, MultiSelect, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import {
  LOG_EXPORT_FILENAME,
  LogExportRequestSchema,
} from '../../../../shared/logs/experience-log.schema';
import { taskDomains } from '../../../../shared/reference/task-lists';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDownloadLogs } from '../api/download-logs';

/** The 104 tasks of the 6th Edition outline, grouped by domain, for the searchable picker. */
const TASK_OPTIONS = taskDomains('v6').map((domain) => ({
  group: `${domain.section}. ${domain.title}`,
  items: domain.tasks.map((task) => ({ value: task.id, label: `${task.id} ${task.text}` })),
}));

/**
 * The Task Data card (SPEC §2): pick tasks and a date range, download the matching logs as
 * 'Experience logs.csv'. No task and no dates means every log.
 */
export function TaskDataCard() {
  const [tasks, setTasks] = useState<string[]>([]);
  const [fromDate, setFromDate] = useState<string | null>(null);
  const [toDate, setToDate] = useState<string | null>(null);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const download = useDownloadLogs();

  const onDownload = () => {
    const parsed = LogExportRequestSchema.safeParse({
      tasks,
      from_date: fromDate ?? '',
      to_date: toDate ?? '',
    });
    if (!parsed.success) {
      setRangeError(parsed.error.issues[0]?.message ?? 'Check the dates');
      return;
    }
    setRangeError(null);
    download.mutate(
      { tasks, from_date: fromDate ?? '', to_date: toDate ?? '' },
      {
        onSuccess: () => notifySuccess(`Downloaded ${LOG_EXPORT_FILENAME}`),
        onError: (error) =>
          notifyError(
            error instanceof ApiError ? error.messages.join(' ') : 'The download did not start.',
          ),
      },
    );
  };

  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="task-data-title"
    >
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="task-data-title">
            Task Data
          </Title>
          <Text size="sm" c="dimmed">
            Download your logs as a spreadsheet (CSV) for an audit or your own records. Leave the
            tasks and dates empty to include every log.
          </Text>
        </div>
        <MultiSelect
          label="Tasks"
          placeholder={tasks.length ? undefined : 'All tasks: search by id or words'}
          data={TASK_OPTIONS}
          value={tasks}
          onChange={setTasks}
          searchable
          clearable
          hidePickedOptions
          nothingFoundMessage="No task matches"
          maxDropdownHeight={280}
          comboboxProps={{ withinPortal: true }}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <DateInput
            label="From"
            placeholder="YYYY-MM-DD"
            valueFormat="YYYY-MM-DD"
            clearable
            value={fromDate}
            onChange={(value) => setFromDate(value)}
            error={rangeError}
          />
          <DateInput
            label="To"
            placeholder="YYYY-MM-DD"
            valueFormat="YYYY-MM-DD"
            clearable
            value={toDate}
            onChange={(value) => setToDate(value)}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button
            leftSection={<IconDownload size={18} aria-hidden />}
            onClick={onDownload}
            loading={download.isPending}
          >
            Download CSV
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
