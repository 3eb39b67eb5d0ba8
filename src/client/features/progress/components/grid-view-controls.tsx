import { ActionIcon, Group, SegmentedControl, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { addMonths, formatMonthYear } from '../../../../shared/logs/time';

/** The grid's two views (SPEC §2). */
export type GridView = 'overall' | 'monthly';

const VIEWS: { value: GridView; label: string }[] = [
  { value: 'overall', label: 'View Overall' },
  { value: 'monthly', label: 'View Monthly' },
];

/**
 * 'View Overall' / 'View Monthly', and the month with previous/next arrows, which work in the
 * monthly view only (the overall view reads 'Overall Progress'). The next arrow stops at the
 * current month: there are no logs after today. A click counts from the month the previous click
 * asked for while that month is not shown yet, so a quick double click moves two months.
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
  // The month a click asked for, until the page shows it.
  const requested = useRef<string | null>(null);
  useEffect(() => {
    requested.current = null;
  }, [month]);
  const shift = (delta: number) => {
    const next = addMonths(requested.current ?? month, delta);
    if (next > latestMonth) return;
    requested.current = next;
    onChange({ view, month: next });
  };
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
          onClick={() => shift(-1)}
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
          onClick={() => shift(1)}
        >
          <IconChevronRight size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </Group>
  );
}
