import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import type {
  BillingStanding,
  PaymentDetails,
  UserSubscription,
} from '../../../../shared/billing/billing.schema';
import { formatUsd } from '../../../../shared/billing/price';
import { cardLabel, daysRemainingLabel, formatDay } from './billing-format';
import { SUBSCRIPTION_LOAD_MESSAGES } from './billing-messages';
import { BILLING_PATHS } from './billing-paths';
import { PlanFigure, PlanFigures } from './plan-figures';
import { planPriceLabel } from './plan-list';

function nextPaymentText(subscription: UserSubscription | null): string {
  if (!subscription?.is_active) return '--';
  if (subscription.is_lifetime) return 'None: paid once';
  if (subscription.cancel_at_period_end) return 'None: cancelled';
  if (!subscription.next_payment_date) return '--';
  const amount =
    subscription.next_payment_amount === null
      ? ''
      : ` (${formatUsd(subscription.next_payment_amount)})`;
  return `${formatDay(subscription.next_payment_date)}${amount}`;
}

/** What the trainee should know about an active plan: trial, cancelled, or a failed payment. */
function PlanNote({ subscription }: { subscription: UserSubscription }) {
  if (subscription.status === 'past_due') {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />}>
        Your last payment did not go through.{' '}
        <Anchor component={Link} to={BILLING_PATHS.updateCard} c="red.9" fw={600}>
          Update your card
        </Anchor>{' '}
        to keep your plan.
      </Alert>
    );
  }
  if (subscription.cancel_at_period_end && subscription.expiry) {
    return (
      <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />}>
        Cancelled. Your access continues until {formatDay(subscription.expiry)}; nothing more is
        charged.
      </Alert>
    );
  }
  if (subscription.status === 'trialing' && subscription.trial_end) {
    return (
      <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />}>
        Free trial until {formatDay(subscription.trial_end)}.
      </Alert>
    );
  }
  return null;
}

/**
 * The plan overview of /student/dashboard-subscription (SPEC §2): the plan, 'Current plan',
 * days remaining, next payment, the card's last four and what can be done; 'No Active Plan.'
 * without one.
 */
export function CurrentPlanCard({
  subscription,
  standing,
  card,
  now,
  onCancel,
  isCancelling,
}: {
  subscription: UserSubscription | null;
  standing: BillingStanding;
  /** The card on file; null while it loads or when it could not be read. */
  card: PaymentDetails | null;
  now: Date;
  onCancel: (subscription: UserSubscription) => void;
  isCancelling: boolean;
}) {
  const active = subscription?.is_active ? subscription : null;
  const canCancel = active !== null && !active.is_lifetime && !active.cancel_at_period_end;

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="plan">
      <Stack gap="md">
        {active ? (
          <>
            <div>
              <Group gap="xs" align="center">
                <Title order={2} size="h3" id="plan">
                  {active.subscription.name}
                </Title>
                <Badge color="blue.9" variant="outline">
                  Current plan
                </Badge>
              </Group>
              <Text c="dimmed">{planPriceLabel(active.subscription)}</Text>
            </div>
            <PlanNote subscription={active} />
          </>
        ) : (
          <div>
            <Title order={2} size="h3" id="plan">
              No Active Plan.
            </Title>
            <Text c="dimmed">
              {standing.access === 'trial' && standing.ends_at
                ? `You are on the 7 day free trial until ${formatDay(standing.ends_at)}.`
                : subscription?.expiry
                  ? `Your ${subscription.subscription.name} plan ended on ${formatDay(subscription.expiry)}.`
                  : SUBSCRIPTION_LOAD_MESSAGES.notSubscribed}
            </Text>
          </div>
        )}

        <PlanFigures>
          <PlanFigure term="Days remaining">{daysRemainingLabel(subscription, now)}</PlanFigure>
          <PlanFigure term="Next payment">{nextPaymentText(subscription)}</PlanFigure>
          <PlanFigure term="Card">
            {card ? (cardLabel(card) ?? 'No card on file') : '--'}
          </PlanFigure>
        </PlanFigures>

        <Group gap="md">
          {active ? (
            <>
              <Anchor component={Link} to={BILLING_PATHS.updateCard}>
                Update payment method
              </Anchor>
              {active.is_lifetime ? null : (
                <Anchor component={Link} to={BILLING_PATHS.changePlan}>
                  Change subscription plan
                </Anchor>
              )}
            </>
          ) : (
            <Button component={Link} to={BILLING_PATHS.changePlan}>
              Choose subscription plan
            </Button>
          )}
          {canCancel ? (
            <Button
              variant="subtle"
              color="red"
              ml="auto"
              onClick={() => onCancel(active)}
              loading={isCancelling}
            >
              Cancel Subscription
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
