import { Box, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { PlanResult } from '../../../../shared/plan/plan.schema';
import { PLAN_COLORS, type PlanLines } from './plan-lines';
import { planHours } from './plan-hours';

const PlanChartCanvas = lazy(() => import('./plan-chart-canvas'));

const CHART_HEIGHT = 280;

/**
 * The two lines: actual hours that count, added up month by month to the current month; the plan
 * from the end of last month on (so the lines meet), up to its last month.
 */
export function planLines(plan: PlanResult): PlanLines {
  const lastPast = plan.months.findLastIndex((month) => month.kind === 'past');
  return {
    labels: plan.months.map((month) => month.label),
    actual: plan.months.map((month) => month.cumulative_actual_hours),
    planned: plan.months.map((month, index) =>
      index === lastPast ? month.cumulative_actual_hours : month.cumulative_planned_hours,
    ),
    goal: plan.goal_hours,
  };
}

function Key({ color, dashed, label }: { color: string; dashed?: boolean; label: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Box
        component="span"
        w={22}
        h={0}
        aria-hidden
        style={{ borderTop: `3px ${dashed ? 'dashed' : 'solid'} ${color}` }}
      />
      <Text span size="sm">
        {label}
      </Text>
    </Group>
  );
}

/**
 * Planned against actual hours, added up: a picture with a one-sentence summary for screen
 * readers (the table below has every figure). Its box keeps its height while chart.js loads.
 */
export function PlanChart({ plan }: { plan: PlanResult | undefined }) {
  const placeholder = <Skeleton height={CHART_HEIGHT} />;
  const summary = plan
    ? `Hours that count, added up: ${planHours(plan.counted_hours)} so far; the plan reaches ${planHours(plan.goal_hours)}${plan.finish_month ? ` in ${plan.months.find((month) => month.month === plan.finish_month)?.label ?? plan.finish_month}` : ''}.`
    : 'Loading';
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="plan-chart-title"
      aria-busy={!plan}
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="plan-chart-title">
          Planned and actual hours
        </Title>
        <Box pos="relative" h={CHART_HEIGHT}>
          {plan ? (
            <Suspense fallback={placeholder}>
              <PlanChartCanvas lines={planLines(plan)} summary={summary} />
            </Suspense>
          ) : (
            placeholder
          )}
        </Box>
        <Group gap="md" aria-hidden>
          <Key color={PLAN_COLORS.actual} label="Actual" />
          <Key color={PLAN_COLORS.planned} dashed label="Planned" />
          <Key color={PLAN_COLORS.goal} dashed label="Goal" />
        </Group>
      </Stack>
    </Paper>
  );
}
