import { Badge, Tooltip } from '@mantine/core';

/** Says the sandbox (or Stripe's test mode) takes the payments: no real money moves. */
export function TestModeBadge() {
  return (
    <Tooltip label="Payments are simulated: no real card is charged." withArrow>
      <Badge color="orange" variant="light" c="dark.8" size="lg" tabIndex={0}>
        Test mode
      </Badge>
    </Tooltip>
  );
}
