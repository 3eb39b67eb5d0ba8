import { Button, Group, Text, TextInput } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { COUPON_MESSAGES } from '../../../../shared/billing/coupon';
import type { CouponControl } from './use-coupon';

/**
 * The optional coupon code with Apply and Remove (SPEC §2 /payment). It may sit inside the
 * card form: Enter applies the code instead of submitting the payment.
 */
export function CouponField({ coupon }: { coupon: CouponControl }) {
  const applied = coupon.status === 'applied';
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <TextInput
        label="Coupon code"
        description={
          coupon.status === 'entered' ? (
            <Text span size="xs" c="orange.9">
              {COUPON_MESSAGES.enteredNotApplied}
            </Text>
          ) : applied ? (
            'Applied'
          ) : (
            'Optional'
          )
        }
        placeholder="Code"
        autoComplete="off"
        style={{ flex: 1 }}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        value={coupon.code}
        onChange={(event) => coupon.setCode(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void coupon.apply();
          }
        }}
        error={coupon.error}
        rightSection={
          applied ? (
            <IconCircleCheck size={18} color="var(--mantine-color-green-7)" aria-label="Applied" />
          ) : null
        }
      />
      <Group gap="xs" wrap="nowrap" mt={25}>
        <Button
          type="button"
          variant="light"
          onClick={() => void coupon.apply()}
          loading={coupon.isChecking}
          disabled={applied}
        >
          Apply
        </Button>
        <Button
          type="button"
          variant="subtle"
          color="gray"
          onClick={coupon.remove}
          disabled={coupon.status === 'empty'}
        >
          Remove
        </Button>
      </Group>
    </Group>
  );
}
