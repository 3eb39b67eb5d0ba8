import { Badge } from '@mantine/core';
import type { LogStatus } from '../../../../shared/logs/log-entry.schema';

const DOT_COLORS: Record<LogStatus, string> = {
  pending: 'yellow.7',
  approved: 'green.7',
  flagged: 'red.7',
};

/**
 * A log's status as a badge: the word in dark text (AA at badge size) with a coloured dot, so
 * the colour is never the only sign.
 */
export function LogStatusBadge({ status }: { status: LogStatus }) {
  return (
    <Badge
      variant="dot"
      color={DOT_COLORS[status]}
      c="dark.8"
      maw="none"
      styles={{ root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } }}
    >
      {status}
    </Badge>
  );
}
