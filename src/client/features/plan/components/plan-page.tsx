import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  PlanSettingsSchema,
  type PlanResponse,
  type PlanResult,
} from '../../../../shared/plan/plan.schema';
import { formatMonthYear } from '../../../../shared/logs/time';
import { EXPERIENCE_TYPES } from '../../../../shared/reference/lookups';
import { DateField } from '../../../components/date-field';
import { FormErrorsAlert } from '../../../components/form-errors-alert';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-state';
import { applyServerErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { StandardsMismatch } from '../../../components/standards-mismatch';
import { LazyStandardsSwitchCard } from '../../../components/lazy-standards-switch-card';
import { useStandardsSwitch } from '../../../lib/standards-switch';
import { usePlan } from '../api/get-plan';
import { useSavePlan } from '../api/save-plan';
import { PlanChart } from './plan-chart';
import { planHours } from './plan-hours';
import { PlanMonthsTable } from './plan-months-table';

type PlanForm = z.input<typeof PlanSettingsSchema>;
const FIELD_NAMES = ['target_date', 'fieldwork_types'] as const;

/** The finish date and fieldwork types; saving answers with the new plan. */
function PlanSettingsForm({ data }: { data: PlanResponse }) {
  const save = useSavePlan();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const form = useForm<PlanForm, unknown, z.output<typeof PlanSettingsSchema>>({
    resolver: zodResolver(PlanSettingsSchema),
    defaultValues: data.settings ?? { target_date: '', fieldwork_types: [1] },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (settings) => {
    setFormErrors([]);
    try {
      await save.mutateAsync(settings);
      notifySuccess('Plan saved');
    } catch (error) {
      setFormErrors(applyServerErrors(error, form.setError, FIELD_NAMES));
    }
  });

  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="plan-form-title"
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={2} size="h4" id="plan-form-title">
              Your finish date
            </Title>
            <Text size="sm" c="dimmed">
              Planned under the {data.rule_set.label}: the monthly minimum and maximum, all
              fieldwork within 5 years, and at least 60% unrestricted hours. {data.rule_set.reason}
            </Text>
          </div>
          <StandardsMismatch standards={data.rule_set} />
          <FormErrorsAlert messages={formErrors} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <DateField control={form.control} name="target_date" label="Finish by" required />
            <Controller
              control={form.control}
              name="fieldwork_types"
              render={({ field, fieldState }) => (
                <Checkbox.Group
                  label="Fieldwork you can do"
                  required
                  value={(field.value ?? []).map(String)}
                  onChange={(values) => field.onChange(values.map(Number).sort((a, b) => a - b))}
                  error={fieldState.error?.message}
                >
                  <Stack gap={6} mt={6}>
                    {EXPERIENCE_TYPES.map((type) => (
                      <Checkbox key={type.id} value={String(type.id)} label={type.name} />
                    ))}
                  </Stack>
                </Checkbox.Group>
              )}
            />
          </SimpleGrid>
          {errors.fieldwork_types?.root?.message ? (
            <Text size="sm" c="red.8">
              {errors.fieldwork_types.root.message}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={isSubmitting}>
              Save plan
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

const IS_GOOD: Record<PlanResult['status'], boolean> = {
  done: true,
  reachable: true,
  'too-soon': false,
  'beyond-time-limit': false,
  unreachable: false,
};

/** Whether the date can be met, in one sentence, with the plan's three figures. */
function Reachability({ plan }: { plan: PlanResult }) {
  // A plan near the monthly maximum is not green: it is reachable with no room to spare.
  const isGood = IS_GOOD[plan.status] && !plan.is_tight;
  return (
    <Stack gap="sm">
      <Alert
        color={isGood ? 'teal' : plan.status === 'unreachable' ? 'red' : 'orange'}
        variant="light"
        icon={isGood ? <IconCircleCheck aria-hidden /> : <IconAlertTriangle aria-hidden />}
        title={
          isGood
            ? 'Within reach'
            : plan.is_tight
              ? 'Within reach, only just'
              : plan.status === 'unreachable'
                ? 'Out of reach'
                : 'Not by that date'
        }
        role="status"
        aria-live="polite"
        // Mantine draws a light alert's title in its colour, under 4.5:1 on the tint: dark text.
        styles={{ title: { color: 'var(--mantine-color-dark-8)' } }}
      >
        <Text size="sm" c="dark.8">
          {plan.message}
        </Text>
      </Alert>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Figure
          label="Hours that count so far"
          value={`${planHours(plan.so_far.counted_hours)} h`}
          detail={`of ${planHours(plan.so_far.logged_hours)} h logged`}
        />
        <Figure label="Still to log" value={`${planHours(plan.needed_hours)} h`} />
        <Figure
          label="Most in one month"
          value={`${planHours(plan.peak_month_hours)} of ${planHours(plan.max_month_hours)} h`}
        />
      </SimpleGrid>
      {plan.so_far.note ? (
        <Text size="sm" data-testid="plan-so-far-note">
          {plan.so_far.note}
        </Text>
      ) : null}
      <ExpiringBeforeFinish plan={plan} />
    </Stack>
  );
}

/** Hours so far that fall outside the five-year window before the plan ends (decision 032). */
function ExpiringBeforeFinish({ plan }: { plan: PlanResult }) {
  const expiring = plan.expiring_before_finish;
  if (!expiring.note) return null;
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="plan-expiring-title">
      <Stack gap={4}>
        <Title order={3} size="h5" id="plan-expiring-title">
          Falling outside the five-year window ({plan.five_year_window.label} today)
        </Title>
        <Text size="sm" data-testid="plan-expiring-note">
          {expiring.note}
        </Text>
        <List size="sm" aria-labelledby="plan-expiring-title">
          {expiring.months.map((month) => (
            <List.Item key={month.month}>
              {month.label}: {planHours(month.counted_hours)} h, falling outside on 1{' '}
              {formatMonthYear(month.on.slice(0, 7))}
            </List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
        {detail ? (
          <Text span size="sm" fw={400} c="dimmed">
            {' '}
            {detail}
          </Text>
        ) : null}
      </Text>
    </Paper>
  );
}

/**
 * /student/plan (issue 14): the trainee's finish date and the hours each month needs to reach it,
 * planned against actual, with a chart and a table of the months.
 */
export function PlanPage() {
  const query = usePlan();
  const standardsSwitch = useStandardsSwitch();
  return (
    <Stack gap="md" maw={1100}>
      <div>
        <Title order={1} size="h2">
          Plan
        </Title>
        <Text c="dimmed" size="sm">
          Set the date you mean to finish by: the plan shows the hours each month needs from now on,
          and what each month still needs scheduled to count.
        </Text>
      </div>
      {query.isPending || standardsSwitch.isPending ? (
        <LoadingState rows={8} label="Loading your plan" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          {standardsSwitch.data ? <LazyStandardsSwitchCard data={standardsSwitch.data} /> : null}
          <PlanSettingsForm data={query.data} />
          {query.data.plan ? (
            <>
              <Reachability plan={query.data.plan} />
              <PlanChart plan={query.data.plan} />
              <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
                <PlanMonthsTable plan={query.data.plan} />
              </Paper>
            </>
          ) : (
            <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
              <EmptyState title="No finish date yet">
                Choose the date you mean to finish by and the fieldwork you can do, then save: the
                plan and its chart appear here.
              </EmptyState>
            </Paper>
          )}
        </>
      )}
    </Stack>
  );
}
