import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { ExperienceLog } from '../../../../shared/logs/experience-log.schema';
import {
  FLAGGABLE_FIELDS,
  NOTHING_TO_FLAG,
  type FlaggableField,
} from '../../../../shared/review/review.schema';
import { notifySuccess } from '../../../lib/notify';
import { useFlagLog } from '../api/flag-log';
import { errorText, reportReviewError } from './review-errors';
import { appliesTo, fieldValue } from './review-model';

type Selection = Partial<Record<FlaggableField, string>>;

/**
 * The flag form (SPEC §5): a checkbox per field that needs correcting, each with an optional
 * comment for the trainee; nothing chosen answers 'Please select the Items that you want to
 * flag!'. Fields a log has no value for (supervision of an unsupervised log) are left out.
 */
export function FlagForm({
  log,
  onDone,
  onCancel,
}: {
  log: ExperienceLog;
  onDone: () => void;
  onCancel: () => void;
}) {
  const flagLog = useFlagLog();
  // A chosen field maps to its comment ('' for none).
  const [selection, setSelection] = useState<Selection>({});
  const [error, setError] = useState<string | null>(null);
  const fields = FLAGGABLE_FIELDS.filter(([field]) => appliesTo(log, field));
  const chosen = fields.filter(([field]) => selection[field] !== undefined);

  const toggle = (field: FlaggableField, isChecked: boolean) => {
    setError(null);
    setSelection((current) => {
      const next = { ...current };
      if (isChecked) next[field] = current[field] ?? '';
      else delete next[field];
      return next;
    });
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) {
      setError(NOTHING_TO_FLAG);
      return;
    }
    setError(null);
    try {
      await flagLog.mutateAsync({
        logId: log.id,
        flags: chosen.map(([field]) => ({ field, comment: selection[field] ?? '' })),
      });
      notifySuccess('Successfully flagged!');
      onDone();
    } catch (caught) {
      reportReviewError(caught);
      setError(errorText(caught));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="flag-form-title">
      <Stack gap="md">
        <div>
          <Text component="h2" fw={700} size="lg" id="flag-form-title">
            Flag this log
          </Text>
          <Text size="sm" c="dimmed">
            Choose the fields the trainee needs to correct, and say what is wrong if it helps. The
            trainee is emailed the fields and your comments.
          </Text>
        </div>
        <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <legend>
            <Text size="sm" fw={600} mb="xs">
              Fields that need correcting
            </Text>
          </legend>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" verticalSpacing="sm">
            {fields.map(([field, label]) => {
              const isChecked = selection[field] !== undefined;
              return (
                <Stack key={field} gap={6}>
                  <Checkbox
                    label={label}
                    description={field === 'experience_note' ? undefined : fieldValue(log, field)}
                    checked={isChecked}
                    onChange={(event) => toggle(field, event.currentTarget.checked)}
                  />
                  {isChecked ? (
                    <Textarea
                      label={`Comment on ${label} (optional)`}
                      size="sm"
                      autosize
                      minRows={1}
                      maxRows={4}
                      maxLength={1000}
                      ml={32}
                      value={selection[field] ?? ''}
                      onChange={(event) => {
                        const text = event.currentTarget.value;
                        setSelection((current) => ({ ...current, [field]: text }));
                      }}
                    />
                  ) : null}
                </Stack>
              );
            })}
          </SimpleGrid>
        </fieldset>
        <div>
          {error ? (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          ) : null}
        </div>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" color="red.8" loading={flagLog.isPending}>
            {chosen.length > 0
              ? `Flag ${chosen.length} field${chosen.length === 1 ? '' : 's'}`
              : 'Flag log'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
