import { ActionIcon, Group, SegmentedControl, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { formatMonthYear } from '../../../../shared/logs/time';

/** The grid's two views (SPEC §2). */
export type GridView = 'overall' | 'monthly';

const VIEWS: { value: GridView; label: string }[] = [
  { value: 'overall', label: 'View Overall' },
  { value: 'monthly', label: 'View Monthly' },
];

/** The month `delta` months from a 'YYYY-MM' month. */
export function shiftMonth(month: string, delta: number): string {
  return dayjs(`${month}-01`).add(delta, 'month').format('YYYY-MM');
}

/**
 * 'View Overall' / 'View Monthly', and the month with previous/next arrows, which work in the
 * monthly view only (the overall view reads 'Overall Progress'). The next arrow stops at the
 * current month: there are no logs after today.
 */
export function GridViewControls({
  view,
  month,
  latestMonth,
  onChange,
}: {
  view: GridView;
  month: string;
  latestMonth: string;
  onChange: (next: { view: GridView; month: string }) => void;
}) {
  const isMonthly = view === 'monthly';
  return (
    <Group justify="space-between" gap="sm">
      <SegmentedControl
        aria-label="Grid view"
        value={view}
        onChange={(value) => onChange({ view: value === 'monthly' ? 'monthly' : 'overall', month })}
        data={VIEWS}
      />
      <Group gap={4} wrap="nowrap" role="group" aria-label="Month">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Previous month"
          disabled={!isMonthly}
          onClick={() => onChange({ view, month: shiftMonth(month, -1) })}
        >
          <IconChevronLeft size={18} aria-hidden />
        </ActionIcon>
        <Text fw={600} ta="center" miw={150} aria-live="polite">
          {isMonthly ? formatMonthYear(month) : 'Overall Progress'}
        </Text>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Next month"
          disabled={!isMonthly || month >= latestMonth}
          onClick={() => onChange({ view, month: shiftMonth(month, 1) })}
        >
          <IconChevronRight size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </Group>
  );
}
