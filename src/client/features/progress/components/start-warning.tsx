import { Alert } from '@mantine/core';
import { useStartWarning } from '../api/start-of-fieldwork';

/**
 * The log form's warning before saving an entry dated where it would not count (issue 39; the
 * shared rule, `startWarning`): nothing while the facts load or when the entry would count.
 * Loaded apart from the form (the form's first download stays within its budget).
 */
export default function StartWarning({ date, record }: { date: string; record: string }) {
  const warn = useStartWarning();
  const message = warn(date, record);
  if (message === null) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      title="This entry may not count"
      role="status"
      // A dark title: the light yellow alert's own misses AA contrast.
      styles={{ title: { color: 'var(--mantine-color-dark-8)' } }}
    >
      {message}
    </Alert>
  );
}
