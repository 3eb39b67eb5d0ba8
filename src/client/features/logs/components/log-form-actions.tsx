import { Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type LogFormActionsProps = {
  /** How many fields the last submit found invalid. */
  invalidCount: number;
  isReadOnly: boolean;
  isSubmitting: boolean;
  submitLabel: string;
  extraActions?: ReactNode;
};

/** The form's foot: how many fields need attention, the extra actions and the submit button. */
export function LogFormActions({
  invalidCount,
  isReadOnly,
  isSubmitting,
  submitLabel,
  extraActions,
}: LogFormActionsProps) {
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="red.8" role="status">
        {invalidCount > 0
          ? `${invalidCount === 1 ? 'One field needs' : `${invalidCount} fields need`} attention.`
          : ''}
      </Text>
      <Group gap="sm" ml="auto">
        {extraActions}
        {isReadOnly ? null : (
          <Button type="submit" loading={isSubmitting} miw={120}>
            {submitLabel}
          </Button>
        )}
      </Group>
    </Group>
  );
}
