import { Box, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  BADGE_MILESTONES,
  CONCENTRATED_MULTIPLIER,
  HOURS_GOAL,
  litMilestones,
} from '../../../../shared/progress/progress';
import { ErrorState } from '../../../components/page-state';
import { useBadges } from '../api/badges';
import { hoursLabel } from './hours-label';
import { OfflineState } from '../../../components/offline';
import { isWaitingForConnection } from '../../../lib/connection';

const SIZE = 38;

function Milestone({ milestone, isLit }: { milestone: number; isLit: boolean }) {
  return (
    <Box
      component="li"
      w={SIZE}
      h={SIZE}
      style={{
        display: 'grid',
        placeItems: 'center',
        borderRadius: '50%',
        border: isLit
          ? '2px solid var(--mantine-color-brand-7)'
          : '2px dashed var(--mantine-color-gray-5)',
        background: isLit ? 'var(--mantine-color-brand-7)' : 'var(--mantine-color-white)',
        color: isLit ? 'var(--mantine-color-white)' : 'var(--mantine-color-gray-7)',
        fontSize: 11,
        fontWeight: 700,
      }}
    >
      <span
        role="img"
        aria-label={`${milestone}% milestone ${isLit ? 'reached' : 'not reached yet'}`}
      >
        {milestone}%
      </span>
    </Box>
  );
}

function BadgeRow({
  id,
  label,
  percent,
}: {
  id: string;
  label: string;
  percent: number | undefined;
}) {
  const lit = new Set(percent === undefined ? [] : litMilestones(percent));
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs">
        <Text fw={600} size="sm" id={id}>
          {label}
        </Text>
        <Text size="sm" c="dimmed" miw={40} ta="right">
          {percent === undefined ? '' : `${percent}%`}
        </Text>
      </Group>
      <Box
        component="ul"
        aria-labelledby={id}
        aria-busy={percent === undefined}
        style={{
          listStyle: 'none',
          padding: 0,
          margin: 0,
          display: 'grid',
          gridTemplateColumns: `repeat(5, ${SIZE}px)`,
          gap: 8,
        }}
      >
        {BADGE_MILESTONES.map((milestone) =>
          percent === undefined ? (
            <Skeleton key={milestone} circle height={SIZE} component="li" />
          ) : (
            <Milestone key={milestone} milestone={milestone} isLit={lit.has(milestone)} />
          ),
        )}
      </Box>
    </Stack>
  );
}

/**
 * The profile's two badge rows (SPEC §2): milestones 10% to 100% of the 2,000-hour goal, lit at
 * or above, for non-concentrated and concentrated hours (the latter counted ×1.33), in the hours
 * that count (the server reads them as the dashboard and the plan do).
 */
export function BadgeRows() {
  const badges = useBadges();
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="badges-title"
      maw={420}
      w="100%"
    >
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="badges-title">
            Milestones
          </Title>
          <Text size="sm" c="dimmed" mih={20}>
            {badges.data
              ? `Overall progress: ${badges.data.overall_progress}% of ${hoursLabel(HOURS_GOAL)} hours, in the hours that count, concentrated hours counted ×${CONCENTRATED_MULTIPLIER}.`
              : null}
          </Text>
        </div>
        {isWaitingForConnection(badges) ? (
          <OfflineState />
        ) : badges.isError ? (
          <ErrorState error={badges.error} onRetry={() => void badges.refetch()} />
        ) : (
          <>
            <BadgeRow
              id="badges-supervised"
              label="Non-concentrated hours"
              percent={badges.data?.percentage_supervised}
            />
            <BadgeRow
              id="badges-concentrated"
              label="Concentrated hours"
              percent={badges.data?.percentage_concentrated}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
