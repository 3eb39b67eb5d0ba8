import { Alert, Box, Group, Input, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  CardCvcElement,
  CardExpiryElement,
  CardNumberElement,
  Elements,
  useElements,
  useStripe,
} from '@stripe/react-stripe-js';
import { loadStripe, type Stripe, type StripeElementChangeEvent } from '@stripe/stripe-js';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { notifyError } from '../../../lib/notify';
import { CardFormActions } from './card-form-actions';
import type { ProviderCardFormProps } from './card-form-types';
import { TestModeBadge } from './test-mode-badge';

const STRIPE_FAILED = 'The card form could not load. Check your connection and reload the page.';

// One Stripe.js per key for the page's life (Stripe asks for loadStripe to be called once).
const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    loaded.set(publishableKey, promise);
  }
  return promise;
}

type StripeField = 'number' | 'expiry' | 'cvc';

/**
 * The card form on Stripe (PAYMENTS=stripe): Stripe Elements hold the card in Stripe's own
 * frames and `createToken` returns a token; the card never reaches our server.
 */
export default function StripeCardForm(props: ProviderCardFormProps & { publishableKey: string }) {
  const { publishableKey, ...rest } = props;
  const [stripe] = useState(() => stripeFor(publishableKey));
  const [loadFailed, setLoadFailed] = useState(false);
  useEffect(() => {
    let live = true;
    stripe.then(
      (instance) => live && setLoadFailed(instance === null),
      () => live && setLoadFailed(true),
    );
    return () => {
      live = false;
    };
  }, [stripe]);
  return (
    <Elements stripe={stripe}>
      <StripeFields {...rest} loadFailed={loadFailed} />
    </Elements>
  );
}

function StripeFields({
  submitLabel,
  disabled = false,
  onToken,
  onCancel,
  error,
  children,
  testMode,
  loadFailed,
}: ProviderCardFormProps & { loadFailed: boolean }) {
  const stripe = useStripe();
  const elements = useElements();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<StripeField, string>>>({});
  const [tokenError, setTokenError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const ready = stripe !== null && elements !== null;

  const onChange = (field: StripeField) => (event: StripeElementChangeEvent) => {
    setTokenError(null);
    setErrors((current) => ({ ...current, [field]: event.error?.message }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!stripe || !elements || disabled || isSubmitting) return;
    const card = elements.getElement(CardNumberElement);
    if (!card) return;
    if (name.trim() === '') {
      setNameError('Please enter the name on the card.');
      return;
    }
    setIsSubmitting(true);
    try {
      const result = await stripe.createToken(card, { name: name.trim() });
      if (result.error) {
        // SPEC §2: the provider's message is toasted on a token failure (and shown here).
        const message = result.error.message ?? 'Your card could not be read.';
        setTokenError(message);
        notifyError(message);
        return;
      }
      await onToken(result.token.id);
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Card details">
      <Stack gap="md">
        <Group justify="space-between">
          <Text fw={600}>Card details</Text>
          {testMode ? <TestModeBadge /> : null}
        </Group>
        {loadFailed ? (
          <Alert color="red" variant="light" role="alert">
            {STRIPE_FAILED}
          </Alert>
        ) : null}
        <StripeInput label="Card number" error={errors.number}>
          <CardNumberElement options={ELEMENT_OPTIONS} onChange={onChange('number')} />
        </StripeInput>
        <SimpleGrid cols={2} spacing="sm">
          <StripeInput label="Expiry (MM/YY)" error={errors.expiry}>
            <CardExpiryElement options={ELEMENT_OPTIONS} onChange={onChange('expiry')} />
          </StripeInput>
          <StripeInput label="CVC" error={errors.cvc}>
            <CardCvcElement options={ELEMENT_OPTIONS} onChange={onChange('cvc')} />
          </StripeInput>
        </SimpleGrid>
        <TextInput
          label="Card holder name"
          autoComplete="cc-name"
          required
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setNameError(null);
          }}
          error={nameError}
        />
        {children}
        <CardFormActions
          submitLabel={submitLabel}
          disabled={disabled || !ready}
          isSubmitting={isSubmitting}
          onCancel={onCancel}
          error={tokenError ?? error}
        />
      </Stack>
    </form>
  );
}

const ELEMENT_OPTIONS = {
  style: { base: { fontSize: '16px', fontFamily: 'system-ui, sans-serif', color: '#1a1b1e' } },
};

/** A labelled box that looks like the other inputs around one of Stripe's frames. */
function StripeInput({
  label,
  error,
  children,
}: {
  label: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <Input.Wrapper label={label} required error={error}>
      <Box
        py={10}
        px={12}
        style={{
          border: `1px solid ${error ? 'var(--mantine-color-error)' : 'var(--mantine-color-default-border)'}`,
          borderRadius: 'var(--mantine-radius-default)',
          background: 'var(--mantine-color-body)',
        }}
      >
        {children}
      </Box>
    </Input.Wrapper>
  );
}
