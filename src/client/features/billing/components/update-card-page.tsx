import { Anchor, Button, Group, Paper, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PAYMENT_MESSAGES } from '../../../../shared/billing/billing.schema';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-state';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useChangePaymentMethod } from '../api/change-payment-method';
import { usePaymentDetails } from '../api/get-payment-details';
import { currentSubscription, useUserSubscription } from '../api/get-user-subscription';
import { cardLabel, formatDay } from './billing-format';
import { SUBSCRIPTION_LOAD_MESSAGES } from './billing-messages';
import { BILLING_PATHS } from './billing-paths';
import { CardForm } from './card-form';
import { PlanFigure, PlanFigures } from './plan-figures';
import { planPriceLabel } from './plan-list';

/**
 * /student/subscription/update-payment-method (SPEC §2): the plan's price and next payment, the
 * card on file, and a card form whose token replaces it; success returns to the overview.
 */
export function UpdateCardPage() {
  const navigate = useNavigate();
  const subscription = useUserSubscription();
  const card = usePaymentDetails();
  const change = useChangePaymentMethod();
  const [refusal, setRefusal] = useState<string | null>(null);

  const header = (
    <PageHeader title="Update payment method">
      The card your coming payments are taken from.
    </PageHeader>
  );
  if (subscription.isPending) {
    return (
      <Stack gap="md" maw={640}>
        {header}
        <LoadingState rows={6} label="Loading your subscription" />
      </Stack>
    );
  }
  if (subscription.isError) {
    return (
      <Stack gap="md" maw={640}>
        {header}
        <ErrorState
          error={subscription.error}
          message={SUBSCRIPTION_LOAD_MESSAGES.loadFailed}
          onRetry={() => void subscription.refetch()}
        />
      </Stack>
    );
  }
  const current = currentSubscription(subscription.data);
  if (!current) {
    return (
      <Stack gap="md" maw={640}>
        {header}
        <EmptyState
          title="No Active Plan."
          action={
            <Button component={Link} to={BILLING_PATHS.changePlan}>
              Choose subscription plan
            </Button>
          }
        >
          A card is saved with your first plan.
        </EmptyState>
      </Stack>
    );
  }

  const onToken = async (token: string) => {
    setRefusal(null);
    try {
      const msg = await change.mutateAsync(token);
      if (msg !== PAYMENT_MESSAGES.paymentMethodUpdated) {
        setRefusal(msg);
        notifyError(msg);
        return;
      }
      notifySuccess(msg);
      await navigate(BILLING_PATHS.overview, { replace: true });
    } catch (error) {
      const message =
        error instanceof ApiError ? error.messages.join(' ') : 'The card was not saved.';
      setRefusal(message);
      notifyError(message);
    }
  };

  const plan = current.subscription;
  return (
    <Stack gap="md" maw={640}>
      {header}
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="sm">
          <PlanFigures>
            <PlanFigure term={plan.name}>{planPriceLabel(plan)}</PlanFigure>
            <PlanFigure term="Next payment">
              {current.next_payment_date && !current.cancel_at_period_end
                ? formatDay(current.next_payment_date)
                : '--'}
            </PlanFigure>
            <PlanFigure term="Card on file" testId="card-on-file">
              {card.data ? (cardLabel(card.data) ?? 'None') : '--'}
            </PlanFigure>
          </PlanFigures>
          {current.is_lifetime ? null : (
            <Group>
              <Anchor component={Link} to={BILLING_PATHS.changePlan} size="sm">
                Change subscription plan
              </Anchor>
            </Group>
          )}
        </Stack>
      </Paper>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <CardForm
          submitLabel="Update"
          onToken={onToken}
          onCancel={() => void navigate(BILLING_PATHS.overview)}
          error={refusal}
        />
      </Paper>
    </Stack>
  );
}
