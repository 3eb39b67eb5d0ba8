import { Badge, Group, Stack, Text } from '@mantine/core';
import { formatUsd, priceAfterCoupon, type Discount } from '../../../../shared/billing/price';

/**
 * The amount to pay (SPEC §2): with a coupon, the new price, the struck-out old price and the
 * percentage off (SPEC §9: never below $0, so at most 100% off).
 */
export function PriceSummary({
  label = 'Amount to pay',
  priceCents,
  discount,
  suffix,
}: {
  label?: string;
  priceCents: number;
  discount: Discount | null;
  /** After the amount, e.g. 'per month'. */
  suffix?: string;
}) {
  const quote = priceAfterCoupon(priceCents, discount);
  const discounted = discount !== null && quote.discountCents > 0;
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Group gap="xs" align="baseline">
        <Text fw={700} fz={28} lh={1.1} data-testid="amount-to-pay">
          {formatUsd(quote.amountCents)}
        </Text>
        {discounted ? (
          <>
            <Text td="line-through" c="dimmed" aria-label={`was ${formatUsd(priceCents)}`}>
              {formatUsd(priceCents)}
            </Text>
            <Badge color="teal" variant="light" c="dark.8">
              {quote.percentOff}% off
            </Badge>
          </>
        ) : null}
        {suffix ? (
          <Text size="sm" c="dimmed">
            {suffix}
          </Text>
        ) : null}
      </Group>
    </Stack>
  );
}
