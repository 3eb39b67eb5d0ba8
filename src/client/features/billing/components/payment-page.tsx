import { Alert, Anchor, Divider, Group, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { trialEndsAt } from '../../../../shared/billing/access';
import { PAYMENT_MESSAGES } from '../../../../shared/billing/billing.schema';
import {
  isSelectablePlan,
  isTrialOffered,
  SELECT_PLAN_MESSAGE,
} from '../../../../shared/billing/plans';
import { AuthCard } from '../../../components/auth-card';
import { ErrorState, LoadingState } from '../../../components/page-state';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useChargePayment } from '../api/charge-payment';
import { usePlans } from '../api/get-plans';
import { currentSubscription, useUserSubscription } from '../api/get-user-subscription';
import { SUBSCRIPTION_LOAD_MESSAGES } from './billing-messages';
import { CardForm } from './card-form';
import { CouponField } from './coupon-field';
import { planPriceLabel } from './plan-cards';
import { PriceSummary } from './price-summary';
import { useCoupon } from './use-coupon';

const PERIOD_SUFFIX = { month: 'per month', year: 'per year', life_time: 'one-time' } as const;

function formatDay(date: Date): string {
  return date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
}

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
  const charge = useChargePayment();
  const coupon = useCoupon();
  const [paymentError, setPaymentError] = useState<string | null>(null);

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

  const onToken = async (token: string) => {
    setPaymentError(null);
    try {
      const result = await charge.mutateAsync({
        sub_id: plan.id,
        token,
        coupon: coupon.appliedCode,
        trial,
      });
      if (result.msg !== PAYMENT_MESSAGES.charged && result.msg !== PAYMENT_MESSAGES.updated) {
        setPaymentError(result.msg);
        notifyError(result.msg);
        return;
      }
      notifySuccess(result.msg);
      await navigate('/student/logHour', { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.fields.coupon) coupon.markInvalid();
      // The provider's words (a declined card) as the server passes them on.
      const message =
        error instanceof ApiError ? error.messages.join(' ') : 'The payment did not go through.';
      setPaymentError(message);
      notifyError(message);
    }
  };

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
        <CardForm
          submitLabel={isUpdate ? 'Update' : 'Continue'}
          disabled={coupon.isUnapplied || coupon.isChecking}
          onToken={onToken}
          onCancel={goBack}
          error={paymentError}
        >
          <Divider />
          <CouponField coupon={coupon} />
          <Group justify="space-between" align="flex-end">
            <PriceSummary
              label={trial ? 'First payment, after the trial' : 'Amount to pay'}
              priceCents={plan.price.unit_amount}
              discount={coupon.discount}
              suffix={coupon.discount ? undefined : PERIOD_SUFFIX[plan.price.period]}
            />
            {trial ? (
              <Text size="sm" c="dimmed">
                Due today: $0.00
              </Text>
            ) : null}
          </Group>
          {coupon.discount && plan.price.period !== 'life_time' ? (
            <Text size="sm" c="dimmed" mt={-8}>
              The coupon applies to this payment; later payments are {planPriceLabel(plan)}.
            </Text>
          ) : null}
        </CardForm>
      </Stack>
    </AuthCard>
  );
}
