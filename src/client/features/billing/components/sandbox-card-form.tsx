import { Group, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { SANDBOX_TEST_CARDS } from '../../../../shared/billing/test-cards';
import { notifyError } from '../../../lib/notify';
import { CardFormActions } from './card-form-actions';
import type { ProviderCardFormProps } from './card-form-types';
import {
  formatCardNumber,
  formatExpiry,
  tokenizeSandboxCard,
  type SandboxCardErrors,
  type SandboxCardValues,
} from './sandbox-card';
import { TestModeBadge } from './test-mode-badge';

const EMPTY: SandboxCardValues = { number: '', expiry: '', cvc: '', name: '' };

/**
 * The sandbox provider's card form: the card is checked here and becomes one of Stripe's test
 * tokens; no card number is ever sent. The test cards to use are listed under it.
 */
export function SandboxCardForm({
  submitLabel,
  disabled = false,
  onToken,
  onCancel,
  error,
  children,
}: ProviderCardFormProps) {
  const [values, setValues] = useState<SandboxCardValues>(EMPTY);
  const [errors, setErrors] = useState<SandboxCardErrors>({});
  const [isSubmitting, setIsSubmitting] = useState(false);

  const change = (field: keyof SandboxCardValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (disabled || isSubmitting) return;
    const result = tokenizeSandboxCard(values, new Date());
    if ('errors' in result) {
      setErrors(result.errors);
      // Like a provider's refused tokenisation (SPEC §2): the first message is toasted too.
      const first = Object.values(result.errors)[0];
      if (first) notifyError(first);
      return;
    }
    setIsSubmitting(true);
    try {
      await onToken(result.token);
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Card details">
      <Stack gap="md">
        <Group justify="space-between">
          <Text fw={600}>Card details</Text>
          <TestModeBadge />
        </Group>
        <TextInput
          label="Card number"
          placeholder="1234 1234 1234 1234"
          inputMode="numeric"
          autoComplete="cc-number"
          required
          value={values.number}
          onChange={(event) => change('number', formatCardNumber(event.currentTarget.value))}
          error={errors.number}
        />
        <SimpleGrid cols={2} spacing="sm">
          <TextInput
            label="Expiry (MM/YY)"
            placeholder="MM/YY"
            inputMode="numeric"
            autoComplete="cc-exp"
            required
            value={values.expiry}
            onChange={(event) => change('expiry', formatExpiry(event.currentTarget.value))}
            error={errors.expiry}
          />
          <TextInput
            label="CVC"
            placeholder="123"
            inputMode="numeric"
            autoComplete="cc-csc"
            required
            maxLength={4}
            value={values.cvc}
            onChange={(event) =>
              change('cvc', event.currentTarget.value.replace(/\D/g, '').slice(0, 4))
            }
            error={errors.cvc}
          />
        </SimpleGrid>
        <TextInput
          label="Card holder name"
          autoComplete="cc-name"
          required
          value={values.name}
          onChange={(event) => change('name', event.currentTarget.value)}
          error={errors.name}
        />
        <TestCardList />
        {children}
        <CardFormActions
          submitLabel={submitLabel}
          disabled={disabled}
          isSubmitting={isSubmitting}
          onCancel={onCancel}
          error={error}
        />
      </Stack>
    </form>
  );
}

/** The sandbox's test cards (any future expiry, any CVC, any name). */
function TestCardList() {
  return (
    <details open>
      <summary>
        <Text span size="sm" c="dimmed">
          Test cards: use any future expiry date, any CVC and any name
        </Text>
      </summary>
      <Table fz="sm" mt="xs" withRowBorders={false} verticalSpacing={2}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Card number</Table.Th>
            <Table.Th>Result</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {SANDBOX_TEST_CARDS.map((card) => (
            <Table.Tr key={card.number}>
              <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                {formatCardNumber(card.number)}
              </Table.Td>
              <Table.Td>{card.outcome}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </details>
  );
}
