import { Progress, Stack, Text } from '@mantine/core';

/**
 * How far an upload is: the file's bytes as they go out, then a moving bar while the server
 * reads and checks (or stores) the rows. Announced politely to screen readers.
 */
export function ImportProgress({ label, fraction }: { label: string; fraction: number }) {
  const isSent = fraction >= 1;
  const percent = Math.round(fraction * 100);
  return (
    <Stack gap={4} role="status" aria-live="polite">
      <Text size="sm">{isSent ? label : `Sending the file… ${percent}%`}</Text>
      <Progress
        value={isSent ? 100 : Math.max(percent, 2)}
        striped={isSent}
        animated={isSent}
        size="lg"
        aria-label={isSent ? label : 'Sending the file'}
        aria-valuenow={isSent ? undefined : percent}
      />
    </Stack>
  );
}
