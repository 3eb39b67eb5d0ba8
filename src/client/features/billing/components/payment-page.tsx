import '../../../app/styles/components.css';
import { Alert, Anchor, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { trialEndsAt } from '../../../../shared/billing/access';
import {
  isSelectablePlan,
  isTrialOffered,
  SELECT_PLAN_MESSAGE,
} from '../../../../shared/billing/plans';
import { AuthCard } from '../../../components/auth-card';
import { ErrorState, LoadingState } from '../../../components/page-state';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../lib/session';
import { usePlans } from '../api/get-plans';
import { currentSubscription, useUserSubscription } from '../api/get-user-subscription';
import { formatDay } from './billing-format';
import { SUBSCRIPTION_LOAD_MESSAGES } from './billing-messages';
import { PlanPaymentForm } from './plan-payment-form';
import { planPriceLabel } from './plan-list';

/**
 * /payment?subscription={planId}&trial={0|1} (SPEC §2): the chosen plan, its price with any
 * coupon, and the card. Success goes to /student/logHour.
 */
export function PaymentPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const { user } = useSession();
  const plans = usePlans();
  const subscription = useUserSubscription();

  const planId = Number(searchParams.get('subscription'));
  const trialAsked = searchParams.get('trial') === '1';

  // The first page of the tab has nothing to go back to: Cancel then offers the plans.
  const goBack = () =>
    location.key === 'default' ? void navigate('/subscription') : void navigate(-1);

  if (plans.isPending || subscription.isPending) {
    return (
      <AuthCard width={560}>
        <LoadingState rows={8} label="Loading the payment" />
      </AuthCard>
    );
  }
  if (plans.isError || subscription.isError) {
    return (
      <AuthCard width={560}>
        <ErrorState
          error={plans.error ?? subscription.error}
          message={SUBSCRIPTION_LOAD_MESSAGES.loadFailed}
          onRetry={() => {
            void plans.refetch();
            void subscription.refetch();
          }}
        />
      </AuthCard>
    );
  }

  const plan = isSelectablePlan(planId)
    ? plans.data.results.find((candidate) => candidate.id === planId)
    : undefined;
  if (!plan) {
    return (
      <AuthCard width={560}>
        <Stack gap="md">
          <PageHeader title="Payment">{SELECT_PLAN_MESSAGE}</PageHeader>
          <Anchor component={Link} to="/subscription">
            Choose Subscription
          </Anchor>
        </Stack>
      </AuthCard>
    );
  }

  const trial = trialAsked && isTrialOffered(plan.id, plans.data.trial_available);
  const isUpdate = currentSubscription(subscription.data) !== null;
  const trialEnd = user ? trialEndsAt(new Date(user.date_joined)) : null;

  return (
    <AuthCard width={560}>
      <Stack gap="lg">
        <PageHeader title={isUpdate ? 'Update payment' : 'Add payment method'}>
          {plan.name}: {planPriceLabel(plan)}
        </PageHeader>
        {trial ? (
          <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />}>
            Your 7 day free trial starts now: nothing is charged today.
            {trialEnd
              ? ` Your card is charged when the trial ends on ${formatDay(trialEnd)}.`
              : ''}{' '}
            Cancel before then and you pay nothing.
          </Alert>
        ) : null}
        <PlanPaymentForm
          plan={plan}
          trial={trial}
          submitLabel={isUpdate ? 'Update' : 'Continue'}
          onPaid={() => navigate('/student/logHour', { replace: true })}
          onCancel={goBack}
        />
      </Stack>
    </AuthCard>
  );
}
