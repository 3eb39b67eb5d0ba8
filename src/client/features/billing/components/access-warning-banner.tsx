import { Alert, Anchor, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconClockHour4 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { BillingStanding } from '../../../../shared/billing/billing.schema';
import { formatDay } from './billing-format';
import { BILLING_PATHS } from './billing-paths';

type Warning = NonNullable<BillingStanding['warning']>;

/** 'ends today', 'ends in 1 day', 'ends in 6 days'. */
export function endsInText(daysLeft: number | null): string {
  if (daysLeft === null) return 'ends soon';
  if (daysLeft <= 0) return 'ends today';
  return `ends in ${daysLeft} ${daysLeft === 1 ? 'day' : 'days'}`;
}

/** What the banner says about one warning (the server's `standing.warning`). */
export function warningText(warning: Warning): string {
  const on = warning.ends_at ? ` (${formatDay(warning.ends_at)})` : '';
  switch (warning.kind) {
    case 'trial_ending':
      return `Your free trial ${endsInText(warning.days_left)}${on}.`;
    case 'subscription_ending':
      return `Your subscription ${endsInText(warning.days_left)}${on} and will not renew.`;
    case 'renewal_failed':
      return 'Your last renewal payment did not go through.';
  }
}

/**
 * The student area's banner (issue 9): a trial or a cancelled plan about to end, with the way
 * to subscribe and to download the logs while the area is still open; or a failed renewal,
 * with the way to a new card. The text is black on the light tints (WCAG AA).
 */
export function AccessWarningBanner({
  warning,
  logsDownload,
}: {
  warning: BillingStanding['warning'];
  /** The logs download link (the progress feature's), composed by the area. */
  logsDownload?: ReactNode;
}) {
  if (!warning) return null;
  const isFailure = warning.kind === 'renewal_failed';
  return (
    <Alert
      color={isFailure ? 'red' : 'yellow'}
      variant="light"
      icon={isFailure ? <IconAlertTriangle aria-hidden /> : <IconClockHour4 aria-hidden />}
      mb="md"
      aria-label="Subscription notice"
      role="region"
    >
      <Group gap="xs" justify="space-between" align="center">
        <Text size="sm" fw={600}>
          {warningText(warning)}
        </Text>
        <Group gap="md">
          {isFailure ? (
            <Anchor component={Link} to={BILLING_PATHS.updateCard} size="sm" fw={600}>
              Update your card
            </Anchor>
          ) : (
            <>
              <Anchor component={Link} to={BILLING_PATHS.choose} size="sm" fw={600}>
                Choose a plan
              </Anchor>
              {logsDownload}
            </>
          )}
        </Group>
      </Group>
    </Alert>
  );
}
