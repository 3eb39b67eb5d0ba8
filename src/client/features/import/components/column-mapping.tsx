import { Button, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  IMPORT_TARGET_LABELS,
  IMPORT_TARGETS,
  REQUIRED_TARGETS,
  type ImportMapping,
  type ImportTarget,
} from '../../../../shared/import/import.schema';

const isRequired = (target: ImportTarget) =>
  (REQUIRED_TARGETS as readonly string[]).includes(target);

/**
 * Which column of the user's file holds what (a layout of their own): one select per target,
 * the required ones first; the choice is remembered for the next import.
 */
export function ColumnMapping({
  headers,
  mapping,
  onChange,
  onSubmit,
  onCancel,
  isBusy,
}: {
  headers: readonly string[];
  mapping: ImportMapping;
  onChange: (mapping: ImportMapping) => void;
  onSubmit: () => void;
  onCancel: () => void;
  isBusy: boolean;
}) {
  const isComplete = REQUIRED_TARGETS.every((target) => mapping[target]);
  const options = headers
    .filter((header) => header !== '')
    .map((header) => ({ value: header, label: header }));
  return (
    <Stack gap="md" component="section" aria-labelledby="import-step-title">
      <div>
        <Text size="sm" c="dimmed">
          Choose the column of your file that holds each value. Date, start time and end time are
          required; a value with no column is left blank and the preview says what is missing. Your
          choice is remembered for your next import.
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
        {IMPORT_TARGETS.map((target) => (
          <Select
            key={target}
            label={IMPORT_TARGET_LABELS[target].label}
            description={IMPORT_TARGET_LABELS[target].hint}
            placeholder="Not in my file"
            data={options}
            value={mapping[target] ?? null}
            clearable={!isRequired(target)}
            required={isRequired(target)}
            allowDeselect={!isRequired(target)}
            onChange={(value) => {
              const next = { ...mapping };
              if (value) next[target] = value;
              else delete next[target];
              onChange(next);
            }}
          />
        ))}
      </SimpleGrid>
      <Group gap="sm">
        <Button onClick={onSubmit} disabled={!isComplete} loading={isBusy}>
          Preview rows
        </Button>
        <Button variant="default" onClick={onCancel} disabled={isBusy}>
          Choose another file
        </Button>
      </Group>
    </Stack>
  );
}
