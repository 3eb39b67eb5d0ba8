import { Stack, Text } from '@mantine/core';
import { openConfirmModal } from '../../../lib/confirm';
import { PAYMENT_MESSAGES, type UserSubscription } from '../../../../shared/billing/billing.schema';
import { ErrorState, LoadingState } from '../../../components/page-state';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCancelSubscription } from '../api/cancel-subscription';
import { usePaymentDetails } from '../api/get-payment-details';
import { currentSubscription, useUserSubscription } from '../api/get-user-subscription';
import { BillingHistory } from './billing-history';
import { formatDay } from './billing-format';
import { SUBSCRIPTION_LOAD_MESSAGES } from './billing-messages';
import { CurrentPlanCard } from './current-plan-card';

/** SPEC §8's confirmation, verbatim. */
const UNSUBSCRIBE_QUESTION = 'Are you sure you want to unsubscribe?';

/**
 * /student/dashboard-subscription (SPEC §2): the trainee's plan, its card, cancelling (access
 * continues until expiry, SPEC §4) and the billing history, newest first.
 */
export function SubscriptionOverviewPage() {
  const subscription = useUserSubscription();
  const card = usePaymentDetails();
  const cancel = useCancelSubscription();

  const confirmCancel = (row: UserSubscription) =>
    openConfirmModal({
      title: 'Cancel Subscription',
      children: (
        <Stack gap="xs">
          <Text size="sm">{UNSUBSCRIBE_QUESTION}</Text>
          {row.expiry ? (
            <Text size="sm" c="dimmed">
              You keep your access until {formatDay(row.expiry)}, and your logs are kept.
            </Text>
          ) : null}
        </Stack>
      ),
      labels: { confirm: 'Unsubscribe', cancel: 'Keep my plan' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        cancel.mutate(row.id, {
          onSuccess: (msg) =>
            msg === PAYMENT_MESSAGES.canceled ? notifySuccess(msg) : notifyError(msg),
          onError: (error) =>
            notifyError(
              error instanceof ApiError ? error.messages.join(' ') : 'The plan was not cancelled.',
            ),
        }),
    });

  return (
    <Stack gap="md" maw={900}>
      <PageHeader title="Subscription">Your plan, your card and your payments.</PageHeader>
      {subscription.isPending ? (
        <LoadingState rows={6} label="Loading your subscription" />
      ) : subscription.isError ? (
        <ErrorState
          error={subscription.error}
          message={SUBSCRIPTION_LOAD_MESSAGES.loadFailed}
          onRetry={() => void subscription.refetch()}
        />
      ) : (
        <>
          <CurrentPlanCard
            subscription={currentSubscription(subscription.data)}
            standing={subscription.data.standing}
            card={card.data ?? null}
            now={new Date()}
            onCancel={confirmCancel}
            isCancelling={cancel.isPending}
          />
          <BillingHistory events={currentSubscription(subscription.data)?.events ?? []} />
        </>
      )}
    </Stack>
  );
}
