import { Badge } from '@mantine/core';
import type { MonthState } from '../../../../shared/review/review.schema';
import { APPROVE_COLOR } from './review-colors';

const LOOKS: Record<MonthState['state'], { label: string; color: string; variant: string }> = {
  signed: { label: 'Signed', color: APPROVE_COLOR, variant: 'filled' },
  ready: { label: 'Ready for sign-off', color: 'blue', variant: 'light' },
  open: { label: 'Open', color: 'gray', variant: 'light' },
};

/** A month's sign-off state, in words (both sides show the same three). */
export function MonthStateBadge({ state }: { state: MonthState['state'] }) {
  const look = LOOKS[state];
  return (
    <Badge
      color={look.color}
      variant={look.variant}
      c={look.variant === 'light' ? 'dark.8' : undefined}
      maw="none"
      styles={{ root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } }}
    >
      {look.label}
    </Badge>
  );
}

/** What a month's counts say, e.g. '12 logs: 10 approved, 2 pending'. */
export function monthCounts(month: MonthState): string {
  const parts = [
    month.approved > 0 ? `${month.approved} approved` : null,
    month.pending > 0 ? `${month.pending} pending` : null,
    month.flagged > 0 ? `${month.flagged} flagged` : null,
  ].filter(Boolean);
  const logs = `${month.logs} log${month.logs === 1 ? '' : 's'}`;
  return parts.length > 0 ? `${logs}: ${parts.join(', ')}` : logs;
}
