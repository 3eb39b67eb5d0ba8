import { Badge } from '@mantine/core';
import type { StatusBadge as Status } from './contract-status';

/**
 * Where a contract stands, as a badge: dark text on the light colour reads at AA whatever the
 * colour (as the forms' and months' badges), in sentence case, wrapping on a phone (a long
 * "Awaiting signatures (…)" names people).
 */
export function StatusBadge({ status }: { status: Status }) {
  return (
    <Badge
      color={status.color}
      variant="light"
      c="dark.8"
      size="lg"
      tt="none"
      h="auto"
      py={4}
      maw="100%"
      styles={{ label: { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
    >
      {status.label}
    </Badge>
  );
}
