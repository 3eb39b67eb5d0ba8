import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { SubscriptionPlan, UserSubscription } from '../../../../shared/billing/billing.schema';
import {
  isSelectablePlan,
  isTrialOffered,
  SELECT_PLAN_MESSAGE,
} from '../../../../shared/billing/plans';
import { ErrorState, LoadingState } from '../../../components/page-state';
import { PageHeader } from '../../../components/page-header';
import { usePlans } from '../api/get-plans';
import { currentSubscription, useUserSubscription } from '../api/get-user-subscription';
import { formatDay } from './billing-format';
import { SUBSCRIPTION_LOAD_MESSAGES } from './billing-messages';
import { BILLING_PATHS } from './billing-paths';
import { PlanPaymentForm } from './plan-payment-form';
import { planPriceLabel } from './plan-list';

/** How the server charges a change from the active plan (billing-plan-change.service). */
function changeNote(active: UserSubscription, plan: SubscriptionPlan): string {
  if (active.status === 'trialing' && plan.price.period !== 'life_time') {
    const from = active.trial_end ? ` on ${formatDay(active.trial_end)}` : '';
    return `Your free trial runs on: nothing is charged today. Your first payment is${from}.`;
  }
  if (active.subscription.id === plan.id) {
    return 'Your plan simply continues: nothing is charged today.';
  }
  return 'Your new plan starts today. What is left of your current plan is credited against this payment.';
}

/**
 * /student/payment-screen-dashbard?subscription={id} (SPEC §2): pays for the plan chosen on the
 * change-plan screen, with the card and an optional coupon; success returns to
 * /student/dashboard-subscription.
 */
export function PlanPaymentPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const plans = usePlans();
  const subscription = useUserSubscription();
  const planId = Number(searchParams.get('subscription'));

  if (plans.isPending || subscription.isPending) {
    return <LoadingState rows={8} label="Loading the payment" />;
  }
  if (plans.isError || subscription.isError) {
    return (
      <ErrorState
        error={plans.error ?? subscription.error}
        message={SUBSCRIPTION_LOAD_MESSAGES.loadFailed}
        onRetry={() => {
          void plans.refetch();
          void subscription.refetch();
        }}
      />
    );
  }

  const plan = isSelectablePlan(planId)
    ? plans.data.results.find((candidate) => candidate.id === planId)
    : undefined;
  if (!plan) {
    return (
      <Stack gap="md">
        <PageHeader title="Payment">{SELECT_PLAN_MESSAGE}</PageHeader>
        <Anchor component={Link} to={BILLING_PATHS.changePlan}>
          Change plan
        </Anchor>
      </Stack>
    );
  }

  const current = currentSubscription(subscription.data);
  const active = current?.is_active ? current : null;
  const trial =
    !active &&
    searchParams.get('trial') === '1' &&
    isTrialOffered(plan.id, plans.data.trial_available);

  return (
    <Stack gap="md" maw={640}>
      <PageHeader title="Payment">
        {plan.name}: {planPriceLabel(plan)}
      </PageHeader>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <PlanPaymentForm
          plan={plan}
          trial={trial}
          submitLabel={current ? 'Update' : 'Continue'}
          summaryLabel={active?.status === 'trialing' ? 'From the end of the trial' : undefined}
          onPaid={() => navigate(BILLING_PATHS.overview, { replace: true })}
          onCancel={() => void navigate(BILLING_PATHS.changePlan)}
        >
          {active ? (
            <Text size="sm" c="dimmed">
              {changeNote(active, plan)}
            </Text>
          ) : null}
        </PlanPaymentForm>
      </Paper>
    </Stack>
  );
}
