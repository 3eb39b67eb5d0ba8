import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import {
  LEGACY_NOTICE_DELAY_MS,
  LEGACY_TASKS_NOTICE,
  needsLegacyNotice,
} from '../../../../shared/logs/legacy';

/**
 * The legacy notice for a log dated after 2025-01-01 that names 5th-edition tasks, shown after
 * 300 ms (SPEC §2, §9). It follows the form: it goes once the tasks are updated.
 */
export function LegacyNotice({
  dateOfExperience,
  taskIds,
}: {
  dateOfExperience: string;
  taskIds: readonly string[];
}) {
  const [isDue, setIsDue] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setIsDue(true), LEGACY_NOTICE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (!isDue || !needsLegacyNotice({ dateOfExperience, taskIds })) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      role="status"
      title="5th Edition tasks"
      icon={<IconAlertTriangle aria-hidden />}
    >
      {LEGACY_TASKS_NOTICE}
    </Alert>
  );
}
