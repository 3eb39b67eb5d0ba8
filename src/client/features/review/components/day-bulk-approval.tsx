import { Group, Skeleton } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { ApproveAllButton } from './bulk-approve';
import type { PendingGroup } from './review-model';

// Mantine's Select (its combobox, popover and floating-ui; decision 015) loads only on a day with
// several trainees waiting, not with the supervisor's first screen (issue 11's 200 KB).
const Select = lazy(() => import('./trainee-select'));

/**
 * "Approve all pending logs of this day", per trainee (bulk approval is of one trainee's logs).
 * With several trainees waiting, a select chooses whose, and the button names them (issue 36:
 * it said "all" while approving only the trainee picked): fifty trainees make one control, not
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
  const options = groups.map((group) => ({
    value: String(group.traineeId),
    label: `${group.traineeName} (${group.logs.length} pending)`,
  }));
  return (
    <Group gap="xs" align="flex-end">
      {/* Until the select's code is there, its place (label and extra-small field) is held. */}
      <Suspense
        fallback={
          <Skeleton
            w={240}
            h="calc(var(--input-height-xs) + var(--mantine-font-size-sm) * var(--mantine-line-height))"
          />
        }
      >
        <Select
          label="Trainee"
          size="xs"
          w={240}
          data={options}
          value={String(chosen.traineeId)}
          onChange={(value) => setChosenId(value ? Number(value) : null)}
          allowDeselect={false}
          searchable={groups.length > 8}
        />
      </Suspense>
      {/* Whose logs it approves, in its own words: the table above lists every trainee's. */}
      <ApproveAllButton
        batch={{ ...chosen, scope: 'of this day' }}
        label={`Approve ${chosen.traineeName}’s ${chosen.logs.length} pending ${chosen.logs.length === 1 ? 'log' : 'logs'} of this day`}
      />
    </Group>
  );
}
