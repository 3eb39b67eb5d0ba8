import { ActionIcon, Box, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { forwardRef, useEffect, useMemo, useState } from 'react';
import type { TaskListVersion } from '../../../../shared/reference/task-lists';
import { deferredMultiSelect } from './deferred-widgets';
import { useMarkFlagged } from './field-flags';

// The task lists the options are made of (their JSON) are not part of the log form's first
// download: asked for when this module runs (on the edit screen, while the log loads). Until they
// and the picker's code are here, the picker is its stand-in (issue 11).
let taskOptions: typeof import('./task-options') | null = null;
const taskOptionsLoaded = import('./task-options').then((module) => {
  taskOptions = module;
  return module;
});
const TaskMultiSelect = deferredMultiSelect(taskOptionsLoaded);

/** The options' module once loaded; re-renders the picker when it arrives. */
function useTaskOptions() {
  const [loaded, setLoaded] = useState(taskOptions);
  useEffect(() => {
    if (!loaded) void taskOptionsLoaded.then(setLoaded);
  }, [loaded]);
  return loaded;
}

const NO_OPTIONS = { data: [], haystacks: new Map<string, string>() };

type TaskPickerProps = {
  version: TaskListVersion;
  value: string[];
  onChange: (value: string[]) => void;
  onBlur: () => void;
  error: string | undefined;
  disabled?: boolean;
  onShowEditionInfo: () => void;
};

/** SPEC §2: 'Test Content Outline' with the 6th Edition, 'Task list items documented' otherwise. */
export function taskPickerLabel(version: TaskListVersion): string {
  return version === 'v6' ? 'Test Content Outline' : 'Task list items documented';
}

/**
 * The task picker: all tasks of the edition in use, grouped by domain, each shown with its id and
 * text, searchable by any words of either. Keyboard: type to search, arrows to move, Enter to pick,
 * Backspace to remove the last pick.
 */
export const TaskPicker = forwardRef<HTMLInputElement, TaskPickerProps>(function TaskPicker(
  { version, value, onChange, onBlur, error, disabled, onShowEditionInfo },
  ref,
) {
  const mark = useMarkFlagged();
  // Rebuilt only when the edition or the picked tasks change; 104 items is cheap either way.
  const options = useTaskOptions();
  const { data, haystacks } = useMemo(
    () => options?.buildTaskOptions(version, value) ?? NO_OPTIONS,
    [options, version, value],
  );
  const filter = useMemo(() => options?.makeTaskFilter(haystacks), [options, haystacks]);
  const labels = useMemo(
    () => new Map(data.flatMap((group) => group.items.map((item) => [item.value, item.label]))),
    [data],
  );

  return (
    <Box pos="relative">
      <TaskMultiSelect
        ref={ref}
        {...mark(
          'task',
          taskPickerLabel(version),
          `Search by task id or any words of the task, e.g. “${version === 'v6' ? 'B.7' : 'B-7'}” or “preference assessment”.`,
        )}
        placeholder={value.length === 0 ? 'Search tasks' : undefined}
        required
        searchable
        clearable
        hidePickedOptions={false}
        data={data}
        pillLabel={(id) => labels.get(id) ?? id}
        filter={filter}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        error={error}
        disabled={disabled}
        nothingFoundMessage="No task matches your search"
        maxDropdownHeight={320}
        renderOption={({ option, checked }) => {
          const [id, ...words] = option.label.split(' ');
          return (
            <Text size="sm" fw={checked ? 600 : 400}>
              <Text span fw={700} size="sm">
                {id}
              </Text>{' '}
              {words.join(' ')}
            </Text>
          );
        }}
      />
      <ActionIcon
        variant="subtle"
        size="sm"
        pos="absolute"
        top={0}
        right={0}
        onClick={onShowEditionInfo}
        aria-label="About the 6th Edition Test Content Outline"
      >
        <IconInfoCircle size={18} aria-hidden />
      </ActionIcon>
    </Box>
  );
});
