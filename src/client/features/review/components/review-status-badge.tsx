import { Badge } from '@mantine/core';
import type { LogStatus } from './review-model';

const DOT_COLORS: Record<LogStatus, string> = {
  pending: 'yellow.7',
  approved: 'green.7',
  flagged: 'red.7',
};

/** A log's status: the word in dark text after a coloured dot, so colour is never the only sign. */
export function ReviewStatusBadge({ status }: { status: LogStatus }) {
  return (
    <Badge variant="dot" color={DOT_COLORS[status]} c="dark.8" style={{ flexShrink: 0 }}>
      {status}
    </Badge>
  );
}
