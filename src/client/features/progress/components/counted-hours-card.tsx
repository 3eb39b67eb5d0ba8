import { Anchor, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import { IconScale } from '@tabler/icons-react';
import { hoursToMinutes } from '../../../../shared/logs/time';
import type { Dashboard } from '../../../../shared/progress/accrued.schema';
import { hoursSoFarNote } from '../../../../shared/progress/hours-so-far';
import { COUNT_TEXT_COLORS, hoursLabel } from './hours-label';

/**
 * The headline: how many of the logged hours the BACB would count after the monthly shortfall
 * rules (BACB-RULES "Adjusted hours"), said before the BACB says it.
 */
export function CountedHoursCard({
  dashboard,
  ruleSetLabel,
}: {
  dashboard: Dashboard | undefined;
  ruleSetLabel: string | undefined;
}) {
  const atRisk = dashboard?.at_risk_hours ?? 0;
  const lost = dashboard
    ? Math.max(0, dashboard.total_hours - dashboard.counted_hours - atRisk)
    : 0;
  // The same reading and words as the plan's (src/shared/progress/hours-so-far.ts).
  const note = dashboard
    ? hoursSoFarNote({
        loggedMinutes: hoursToMinutes(dashboard.total_hours),
        awaitingApprovalMinutes: hoursToMinutes(
          Math.max(0, dashboard.total_hours - dashboard.approved_hours),
        ),
        countedMinutes: hoursToMinutes(dashboard.counted_hours),
        atRiskMinutes: hoursToMinutes(dashboard.at_risk_hours),
        outsideWindowMinutes: hoursToMinutes(dashboard.outside_window_hours),
      })
    : null;
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="counted-hours-title"
      aria-busy={!dashboard}
      bg="brand.0"
      style={{ borderColor: 'var(--mantine-color-brand-3)' }}
    >
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ThemeIcon size={44} radius="xl" variant="filled" visibleFrom="xs" aria-hidden>
          <IconScale size={24} />
        </ThemeIcon>
        <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
          <Title order={2} size="h3" id="counted-hours-title">
            {dashboard ? (
              <>
                Hours that count: {hoursLabel(dashboard.counted_hours)} of{' '}
                {hoursLabel(dashboard.total_hours)} logged
              </>
            ) : (
              <Skeleton component="span" display="block" height={28} width="70%" />
            )}
          </Title>
          {/* Short on a phone (issue 36: the card was ~650 px of prose at 375 px). */}
          <Text size="sm">
            What the BACB would count of your logs today
            {ruleSetLabel ? ` under the ${ruleSetLabel}` : ''}: a month that misses a requirement
            counts fewer hours, or none. Monthly Details below says why, month by month.
          </Text>
          {/* What does not count is said once, by the note below (the plan's words). */}
          {lost > 0 ? null : (
            <Text size="sm" fw={600} c={COUNT_TEXT_COLORS.all} mih={22}>
              {dashboard
                ? atRisk > 0
                  ? 'No logged hour is lost yet.'
                  : 'Every logged hour counts.'
                : null}
            </Text>
          )}
          {atRisk > 0 ? (
            <Text size="sm" fw={600} c="red.8" data-testid="at-risk-hours">
              At risk, not counted: {hoursLabel(atRisk)} hours. They wait for a monthly form signed
              in time, a supervision contract or corrected logs: Monthly Details says which.{' '}
              <Anchor component={Link} to="/student/upload" size="sm" c="red.9" fw={600}>
                Fieldwork Forms
              </Anchor>
            </Text>
          ) : null}
          <Text size="sm" mih={22}>
            {dashboard
              ? `Approved by your supervisor so far: ${hoursLabel(dashboard.approved_hours)} hours.`
              : null}
          </Text>
          {note ? (
            <Text size="sm" data-testid="counted-hours-note">
              {note}
            </Text>
          ) : null}
        </Stack>
      </Group>
    </Paper>
  );
}
