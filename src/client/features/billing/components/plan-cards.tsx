import {
  Badge,
  Group,
  Radio,
  RadioCard,
  RadioIndicator,
  SimpleGrid,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import type { SubscriptionPlan } from '../../../../shared/billing/billing.schema';
import { formatUsd } from '../../../../shared/billing/price';
import { PER_PERIOD, selectablePlans, yearlySaving } from './plan-list';

export type PlanCardsProps = {
  plans: SubscriptionPlan[];
  /** The chosen plan id, or null before a choice. */
  value: number | null;
  onChange: (planId: number) => void;
  /** Marks the trainee's plan 'Current plan' (the change-plan screen). */
  currentPlanId?: number | null;
  /** The radio group's accessible name. */
  label?: string;
};

/**
 * The plan picker (SPEC §2): one radio card per selectable plan, the Trial plan hidden,
 * 'Most Popular!' on Lifetime, 'Save $X' on Yearly. Arrow keys move between the cards.
 */
export function PlanCards({
  plans,
  value,
  onChange,
  currentPlanId = null,
  label = 'Subscription plan',
}: PlanCardsProps) {
  const shown = selectablePlans(plans);
  const saving = yearlySaving(plans);
  return (
    <Radio.Group
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(Number(next))}
      label={<VisuallyHidden>{label}</VisuallyHidden>}
      name="subscription-plan"
    >
      <SimpleGrid cols={{ base: 1, sm: shown.length || 1 }} spacing="md">
        {shown.map((plan) => (
          <RadioCard key={plan.id} value={String(plan.id)} radius="md" p="md">
            <Stack gap={6}>
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Text fw={700} size="lg">
                  {plan.name}
                </Text>
                <RadioIndicator aria-hidden />
              </Group>
              <Text fw={700} fz={28} lh={1.1}>
                {formatUsd(plan.price.unit_amount)}
              </Text>
              <Text size="sm" c="dimmed">
                {PER_PERIOD[plan.price.period]}
              </Text>
              <Group gap={6} mih={22}>
                {plan.price.period === 'life_time' ? (
                  <Badge color="grape.8" variant="filled">
                    Most Popular!
                  </Badge>
                ) : null}
                {plan.price.period === 'year' && saving !== null ? (
                  <Badge color="teal" variant="light" c="dark.8">
                    Save {formatUsd(saving)}
                  </Badge>
                ) : null}
                {plan.id === currentPlanId ? (
                  <Badge color="blue.9" variant="outline">
                    Current plan
                  </Badge>
                ) : null}
              </Group>
            </Stack>
          </RadioCard>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}

/** SPEC §1: the Graduate plan is announced, not sold. */
export function GraduatePlanNote() {
  return (
    <Text size="sm" c="dimmed" ta="center">
      <Text span fw={600} c="var(--mantine-color-text)">
        Coming soon! Graduate plan
      </Text>{' '}
      keeps your documents available after your training; it comes with Lifetime.
    </Text>
  );
}
