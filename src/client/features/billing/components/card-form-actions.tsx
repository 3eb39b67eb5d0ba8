import { Alert, Button, Group } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** The refusal (if any), Cancel and the submit button, the same under both card forms. */
export function CardFormActions({
  submitLabel,
  disabled,
  isSubmitting,
  onCancel,
  error,
}: {
  submitLabel: string;
  disabled: boolean;
  isSubmitting: boolean;
  onCancel?: () => void;
  error?: string | null;
}) {
  return (
    <>
      {error ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          title="The payment did not go through"
          role="alert"
        >
          {error}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm">
        {onCancel ? (
          <Button type="button" variant="default" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" loading={isSubmitting} disabled={disabled}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
