import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  Select,
  Stack,
  Text,
  Textarea,
  type ComboboxItem,
  type ComboboxItemGroup,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Controller, useFieldArray, type Control, type UseFormRegister } from 'react-hook-form';
import { taskDomains, type TaskListVersion } from '../../../../shared/reference/task-lists';
import type { AgendaFormFields } from './agenda-form-values';

/** The tasks of an edition, grouped by domain, labelled '{id} {text}'. */
export function useTaskOptions(version: TaskListVersion): ComboboxItemGroup<ComboboxItem>[] {
  return useMemo(
    () =>
      taskDomains(version).map((domain) => ({
        group: `${domain.section}. ${domain.title}`,
        items: domain.tasks.map((task) => ({ value: task.id, label: `${task.id} ${task.text}` })),
      })),
    [version],
  );
}

/**
 * The Task List Review Check rows (SPEC §2: Task, Can Demonstrate, Can Explain, Feedback,
 * Review), one group of fields per task so that it reads the same on a phone.
 */
export function AgendaTasksField({
  control,
  register,
  version,
}: {
  control: Control<AgendaFormFields>;
  register: UseFormRegister<AgendaFormFields>;
  version: TaskListVersion;
}) {
  const { fields, append, remove } = useFieldArray({ control, name: 'tasks' });
  const options = useTaskOptions(version);
  return (
    <Stack gap="sm">
      {fields.length === 0 ? (
        <Text size="sm" c="dimmed">
          No tasks reviewed yet.
        </Text>
      ) : null}
      {fields.map((row, index) => (
        <Fieldset key={row.id} legend={`Task ${index + 1}`} variant="filled" p="sm">
          <Stack gap="xs">
            <Controller
              control={control}
              name={`tasks.${index}.name`}
              render={({ field, fieldState }) => (
                <Select
                  ref={field.ref}
                  label="Task"
                  required
                  searchable
                  placeholder="Search tasks"
                  data={options}
                  value={field.value || null}
                  onChange={(next) => field.onChange(next ?? '')}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                  nothingFoundMessage="No task matches your search"
                  maxDropdownHeight={280}
                />
              )}
            />
            <Group gap="lg">
              <Checkbox label="Can Demonstrate" {...register(`tasks.${index}.canDemonstrate`)} />
              <Checkbox label="Can Explain" {...register(`tasks.${index}.canExplain`)} />
              <Checkbox label="Review" {...register(`tasks.${index}.review`)} />
            </Group>
            <Textarea
              label="Feedback"
              autosize
              minRows={2}
              {...register(`tasks.${index}.feedback`)}
            />
            <Group justify="flex-end">
              <Button
                variant="subtle"
                color="red"
                size="compact-sm"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => remove(index)}
              >
                Remove task {index + 1}
              </Button>
            </Group>
          </Stack>
        </Fieldset>
      ))}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() =>
            append({
              name: '',
              canDemonstrate: false,
              canExplain: false,
              feedback: '',
              review: false,
            })
          }
        >
          Add a task
        </Button>
      </Group>
    </Stack>
  );
}
