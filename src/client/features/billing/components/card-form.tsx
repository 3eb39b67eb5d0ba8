import { Button, Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { ErrorState } from '../../../components/page-state';
import { usePlans } from '../api/get-plans';
import type { CardFormProps } from './card-form-types';
import { SandboxCardForm } from './sandbox-card-form';

export type { CardFormProps } from './card-form-types';

// Stripe's form (and Stripe.js) loads only where Stripe takes the payments.
const StripeCardForm = lazy(() => import('./stripe-card-form'));

/**
 * The card form (SPEC §2 /payment), whichever provider takes the payments: GET subscription's
 * `stripe_publishable_key` picks Stripe Elements; without one it is the sandbox's form. Either
 * way the caller receives a card token through `onToken`, never a card number.
 */
export function CardForm(props: CardFormProps) {
  const plans = usePlans();
  if (plans.isPending) return <CardFormPlaceholder {...props} />;
  if (plans.isError) {
    // No card form: nothing can be submitted (SPEC §2).
    return <ErrorState error={plans.error} onRetry={() => void plans.refetch()} />;
  }
  const { stripe_publishable_key: publishableKey, test_mode: testMode } = plans.data;
  if (publishableKey) {
    return (
      <Suspense fallback={<CardFormPlaceholder {...props} />}>
        <StripeCardForm {...props} testMode={testMode} publishableKey={publishableKey} />
      </Suspense>
    );
  }
  return <SandboxCardForm {...props} testMode={testMode} />;
}

/** The form's size while it loads, its submit button disabled. */
function CardFormPlaceholder({ submitLabel, children }: CardFormProps) {
  return (
    <Stack gap="md">
      <Stack gap="md" aria-busy="true" aria-label="Loading the card form" role="status">
        <Skeleton height={20} width="30%" />
        <Skeleton height={58} />
        <Skeleton height={58} />
        <Skeleton height={58} />
      </Stack>
      {children}
      <Button disabled ml="auto">
        {submitLabel}
      </Button>
    </Stack>
  );
}
