import { SegmentedControl, Stack, Text } from '@mantine/core';
import { openConfirmModal } from '../../../lib/confirm';
import type { TaskListVersion } from '../../../../shared/reference/task-list-versions';
import { useTaskVersion } from '../../../lib/task-version';

const OPTIONS: { value: TaskListVersion; label: string }[] = [
  { value: 'v6', label: '6th Edition' },
  { value: 'v5', label: '5th Edition' },
];

/**
 * The sidebar's edition toggle (SPEC §1, §4). On the log-entry screen, switching away from v6
 * asks first: the platform follows the 6th Edition outline and new entries must use it.
 */
export function EditionToggle({ isOnLogScreen }: { isOnLogScreen: boolean }) {
  const [version, setVersion] = useTaskVersion();

  const onChange = (next: string) => {
    const chosen = OPTIONS.find((option) => option.value === next)?.value;
    if (!chosen || chosen === version) return;
    if (chosen === 'v6' || !isOnLogScreen) {
      setVersion(chosen);
      return;
    }
    openConfirmModal({
      title: 'Switch to the 5th Edition Task List?',
      children: (
        <Text size="sm">
          The platform is being aligned with the BACB’s 6th Edition Test Content Outline, and new
          entries must use it. The 5th Edition list stays available to read older entries. Switch
          anyway?
        </Text>
      ),
      labels: { confirm: 'Switch to 5th Edition', cancel: 'Stay on 6th Edition' },
      onConfirm: () => setVersion('v5'),
    });
  };

  return (
    <Stack gap={4} px="xs">
      <Text component="h2" size="sm" fw={700} id="edition-toggle-label">
        Task list edition
      </Text>
      <SegmentedControl
        aria-labelledby="edition-toggle-label"
        fullWidth
        size="xs"
        value={version}
        onChange={onChange}
        data={OPTIONS}
      />
    </Stack>
  );
}
