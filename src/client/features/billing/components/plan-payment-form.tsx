import { Divider, Group, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { PAYMENT_MESSAGES, type SubscriptionPlan } from '../../../../shared/billing/billing.schema';
import { ApiError } from '../../../lib/api-client';
import { paidWords } from '../../../lib/wire-words';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useChargePayment } from '../api/charge-payment';
import { CardForm } from './card-form';
import { CouponField } from './coupon-field';
import { planPriceLabel } from './plan-list';
import { PriceSummary } from './price-summary';
import { useCoupon } from './use-coupon';

const PERIOD_SUFFIX = { month: 'per month', year: 'per year', life_time: 'one-time' } as const;

/**
 * Paying for a plan (SPEC §2 /payment and /student/payment-screen-dashbard): the card, the
 * coupon and the amount. Creates or updates the subscription (charge-payment), toasts the
 * answer and calls `onPaid`; a refusal is shown in the form and toasted.
 */
export function PlanPaymentForm({
  plan,
  trial,
  submitLabel,
  summaryLabel,
  onPaid,
  onCancel,
  children,
}: {
  plan: SubscriptionPlan;
  /** Starts the 7-day trial: nothing is due today. */
  trial: boolean;
  submitLabel: string;
  /** Over the amount; 'Amount to pay' by default. */
  summaryLabel?: string;
  onPaid: () => void | Promise<void>;
  onCancel: () => void;
  /** Said under the amount (how a plan change is charged). */
  children?: ReactNode;
}) {
  const charge = useChargePayment();
  const coupon = useCoupon();
  const [paymentError, setPaymentError] = useState<string | null>(null);

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
      notifySuccess(paidWords(result.msg, { isTrial: trial }));
      await onPaid();
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
    <CardForm
      submitLabel={submitLabel}
      disabled={coupon.isUnapplied || coupon.isChecking}
      onToken={onToken}
      onCancel={onCancel}
      error={paymentError}
    >
      <Divider />
      <CouponField coupon={coupon} />
      <Group justify="space-between" align="flex-end">
        <PriceSummary
          label={summaryLabel ?? (trial ? 'First payment, after the trial' : 'Amount to pay')}
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
      {children}
    </CardForm>
  );
}
