import { Group, Select } from '@mantine/core';
import { useState } from 'react';
import { ApproveAllButton } from './bulk-approve';
import type { PendingGroup } from './review-model';

/**
 * "Approve all pending logs of this day", per trainee (bulk approval is of one trainee's logs).
 * With several trainees waiting, a select chooses whose: fifty trainees make one control, not
 * fifty buttons.
 */
export function DayBulkApproval({ groups }: { groups: readonly PendingGroup[] }) {
  const [chosenId, setChosenId] = useState<number | null>(null);
  const only = groups.length === 1 ? groups[0] : undefined;
  if (only) {
    return (
      <Group>
        <ApproveAllButton
          batch={{ ...only, scope: 'of this day' }}
          label="Approve all pending logs of this day"
        />
      </Group>
    );
  }
  if (groups.length === 0) return null;
  const chosen = groups.find((group) => group.traineeId === chosenId) ?? groups[0];
  if (!chosen) return null;
  return (
    <Group gap="xs" align="flex-end">
      <Select
        label="Trainee"
        size="xs"
        w={240}
        data={groups.map((group) => ({
          value: String(group.traineeId),
          label: `${group.traineeName} (${group.logs.length} pending)`,
        }))}
        value={String(chosen.traineeId)}
        onChange={(value) => setChosenId(value ? Number(value) : null)}
        allowDeselect={false}
        searchable={groups.length > 8}
      />
      <ApproveAllButton
        batch={{ ...chosen, scope: 'of this day' }}
        label="Approve all pending logs of this day"
      />
    </Group>
  );
}
