import { SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { Dashboard } from '../../../../shared/progress/accrued.schema';
import { formatPercentBesideLimit } from '../../../../shared/progress/beside-limit';
import { CONCENTRATED_MULTIPLIER } from '../../../../shared/progress/progress';
import { HoursChart } from './hours-chart';
import { COUNT_TEXT_COLORS, hoursLabel } from './hours-label';

/** Chart colours: the brand teal (7.1:1 on white) against a neutral, and against a deep orange. */
const COLORS = { progress: '#0b6e79', remaining: '#ced4da', restricted: '#d9480f' } as const;

/** The most of all fieldwork that may be restricted (BACB-RULES "unrestricted"). */
const MAX_RESTRICTED_PERCENT = 40;

/** The dashboard's two charts: hours toward the goal, and restricted against unrestricted. */
export function ProgressCharts({ dashboard }: { dashboard: Dashboard | undefined }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <GoalChart dashboard={dashboard} />
      <RestrictedChart dashboard={dashboard} />
    </SimpleGrid>
  );
}

function GoalChart({ dashboard }: { dashboard: Dashboard | undefined }) {
  const goal = hoursLabel(dashboard?.goal_hours ?? 2000);
  const percent = dashboard?.progress_percent ?? 0;
  return (
    <HoursChart
      id="goal-chart"
      title="Toward the goal"
      kind="doughnut"
      slices={
        dashboard && [
          {
            label: 'Hours that count',
            hours: dashboard.progress_hours,
            color: COLORS.progress,
            share: `${percent}%`,
          },
          {
            label: 'Still to go',
            hours: dashboard.remaining_hours,
            color: COLORS.remaining,
            share: `${Math.max(0, 100 - percent)}%`,
          },
        ]
      }
      summary={
        dashboard
          ? `${percent}% of the ${goal}-hour goal: ${hoursLabel(dashboard.progress_hours)} hours that count toward it, ${hoursLabel(dashboard.remaining_hours)} to go.`
          : 'Loading'
      }
      center={
        <>
          <Text fz={32} fw={700} lh={1.1} c="brand.8">
            {percent}%
          </Text>
          <Text size="sm" c="dimmed">
            of {goal} h
          </Text>
        </>
      }
      caption={
        dashboard ? (
          <>
            The hours that count toward {goal}, with concentrated hours counted ×
            {CONCENTRATED_MULTIPLIER}: {hoursLabel(dashboard.counted_supervised_type_hours)}{' '}
            supervised + {hoursLabel(dashboard.counted_concentrated_type_hours)} concentrated ×{' '}
            {CONCENTRATED_MULTIPLIER} = {hoursLabel(dashboard.progress_hours)} hours. Logged:{' '}
            {hoursLabel(dashboard.total_hours)} hours, kept as you worked them
            {dashboard.at_risk_hours > 0
              ? `; ${hoursLabel(dashboard.at_risk_hours)} of them at risk, not counted yet`
              : ''}
            .
          </>
        ) : (
          <Skeleton height={12} width="90%" mt={4} />
        )
      }
    />
  );
}

function RestrictedChart({ dashboard }: { dashboard: Dashboard | undefined }) {
  const sum = dashboard ? dashboard.restricted_hours + dashboard.unrestricted_hours : 0;
  const percentOf = (hours: number) => (sum > 0 ? (hours / sum) * 100 : 0);
  const restrictedPercent = dashboard ? percentOf(dashboard.restricted_hours) : 0;
  const isOverLimit = restrictedPercent > MAX_RESTRICTED_PERCENT;
  // Both shares sit beside the 60/40 limit in the caption: never rounded onto it.
  const restrictedShare = formatPercentBesideLimit(restrictedPercent, {
    value: MAX_RESTRICTED_PERCENT,
    bound: 'max',
  });
  const unrestrictedShare = dashboard
    ? formatPercentBesideLimit(percentOf(dashboard.unrestricted_hours), {
        value: 100 - MAX_RESTRICTED_PERCENT,
        bound: 'min',
      })
    : '';
  return (
    <HoursChart
      id="restricted-chart"
      title="Restricted vs unrestricted"
      kind="pie"
      slices={
        dashboard && [
          {
            label: 'Unrestricted',
            hours: dashboard.unrestricted_hours,
            color: COLORS.progress,
            share: unrestrictedShare,
          },
          {
            label: 'Restricted',
            hours: dashboard.restricted_hours,
            color: COLORS.restricted,
            share: restrictedShare,
          },
        ]
      }
      summary={
        dashboard
          ? `${hoursLabel(dashboard.unrestricted_hours)} unrestricted hours and ${hoursLabel(dashboard.restricted_hours)} restricted hours: ${restrictedShare} restricted.`
          : 'Loading'
      }
      caption={
        <>
          At least 60% of all fieldwork hours must be unrestricted (restricted at most{' '}
          {MAX_RESTRICTED_PERCENT}%).{' '}
          {dashboard && sum > 0 ? (
            <Text span inherit fw={600} c={isOverLimit ? COUNT_TEXT_COLORS.none : undefined}>
              {isOverLimit
                ? `Yours are ${restrictedShare} restricted: log more unrestricted work.`
                : `Yours are ${restrictedShare} restricted: within the limit.`}
            </Text>
          ) : null}
        </>
      }
    />
  );
}
