import { Badge, Button, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import type {
  AtRisk,
  TraineeMonthType,
  TraineeOutlook,
} from '../../../../shared/at-risk/at-risk.schema';
import { formatMonthYear, formatUsDate } from '../../../../shared/logs/time';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-state';
import { ApiError } from '../../../lib/api-client';
import { formatMonthName } from '../../../lib/local-date';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAtRisk } from '../api/get-at-risk';
import { useSendReminder } from '../api/send-reminder';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function observationNeeded(type: TraineeMonthType): string {
  const { needed, unit } = type.observation;
  if (needed === 0) return 'Met';
  return unit === 'count' ? plural(needed, 'observation') : `${needed} min`;
}

/** One figure with its label, as a definition list item. */
function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={600} size="sm">
        {value}
        {hint ? (
          <Text component="span" size="xs" c="dimmed" fw={400}>
            {' '}
            {hint}
          </Text>
        ) : null}
      </Text>
    </div>
  );
}

function TraineeRow({ trainee }: { trainee: TraineeOutlook }) {
  const remind = useSendReminder();
  const headingId = `at-risk-${trainee.id}`;
  const onRemind = async () => {
    try {
      const { msg } = await remind.mutateAsync(trainee.id);
      notifySuccess(msg);
    } catch (error) {
      notifyError(error instanceof ApiError ? error.message : 'Failed to send the reminder!');
    }
  };
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      aria-labelledby={headingId}
      style={{
        listStyle: 'none',
        borderLeftWidth: 4,
        borderLeftColor: trainee.is_at_risk
          ? 'var(--mantine-color-red-7)'
          : 'var(--mantine-color-teal-7)',
      }}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs">
            <Title order={3} size="h5" id={headingId}>
              {trainee.name}
            </Title>
            {trainee.is_at_risk ? (
              <Badge color="red.8" variant="filled">
                At risk
              </Badge>
            ) : (
              <Badge color="teal.7" variant="dot" c="dark.8">
                On pace
              </Badge>
            )}
          </Group>
          <Button
            size="xs"
            variant={trainee.is_at_risk ? 'filled' : 'default'}
            leftSection={<IconMailForward size={16} aria-hidden />}
            loading={remind.isPending}
            disabled={trainee.reminded_today}
            onClick={() => void onRemind()}
            // The visible words first, then whom: a voice-control user says what they see
            // (axe's label-content-name-mismatch; issue 28).
            aria-label={
              trainee.reminded_today
                ? `Reminded today: ${trainee.name}`
                : `Send reminder to ${trainee.name}`
            }
          >
            {trainee.reminded_today ? 'Reminded today' : 'Send reminder'}
          </Button>
        </Group>
        {trainee.hours_at_risk > 0 ? (
          <Text size="sm" c="red.8" fw={600}>
            {`${trainee.hours_at_risk} h not counted: no signed monthly form after the deadline (${trainee.months_at_risk.map(formatMonthYear).join(', ')})`}
          </Text>
        ) : null}
        {trainee.standards_switch ? (
          <Stack gap={2} data-testid="standards-switch">
            <Text size="sm" fw={600} c="#9c3d00">
              {trainee.standards_switch.summary}
            </Text>
            <List
              size="sm"
              spacing={2}
              aria-label={`Months the 2027 standards count differently for ${trainee.name}`}
            >
              {trainee.standards_switch.months.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          </Stack>
        ) : null}
        {trainee.types.map((type) => (
          <Stack key={`${type.expereince_type}-${type.structure ?? ''}`} gap={6}>
            {trainee.types.length > 1 ? (
              <Text size="xs" fw={600}>
                {type.structure ? `${type.name} with ${type.structure}` : type.name}
              </Text>
            ) : null}
            <SimpleGrid component="dl" cols={{ base: 2, sm: 4 }} spacing="sm" m={0}>
              <Figure
                label="Hours so far"
                value={`${type.hours_so_far} h`}
                hint={`(${type.projected_hours} h at this pace)`}
              />
              <Figure
                label="Supervision"
                value={`${type.supervision_percent}%`}
                hint={`(min ${type.supervision_required}%)`}
              />
              {/* No minimum (the 2027 standards): the contacts held, not a number still needed. */}
              <Figure
                label={type.contacts_needed === null ? 'Contacts so far' : 'Contacts still needed'}
                value={
                  type.contacts_needed === null
                    ? `${type.contacts} (no minimum under the ${trainee.rule_set.label})`
                    : type.contacts_needed === 0
                      ? 'Met'
                      : String(type.contacts_needed)
                }
              />
              <Figure label="Observation still needed" value={observationNeeded(type)} />
            </SimpleGrid>
            {type.failing_at_pace.length > 0 ? (
              <Text size="sm" c="red.8">
                At this pace will miss:{' '}
                {type.failing_at_pace.map((check) => check.label).join(', ')}
              </Text>
            ) : null}
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}

function UnsignedForms({ forms }: { forms: AtRisk['unsigned_forms'] }) {
  if (forms.length === 0) return null;
  return (
    <Stack gap={6} component="section" aria-labelledby="unsigned-forms-title">
      <Title order={3} size="h5" id="unsigned-forms-title">
        Last month’s forms still to sign
      </Title>
      <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
        {forms.map((form) => (
          <Text component="li" size="sm" key={`${form.trainee_supervisor}-${form.month}`}>
            <strong>{form.trainee_name}</strong>: M-FVF for {formatMonthName(form.month)}, due{' '}
            {formatUsDate(form.deadline)} ({plural(form.days_left, 'day')} left)
          </Text>
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * The supervisor's home (issue 14): each linked trainee's current month, those who will fail a
 * requirement at the current pace first, a one-click reminder, and last month's unsigned forms.
 */
export function AtRiskSection() {
  const atRisk = useAtRisk();
  const data = atRisk.data;
  return (
    <Paper
      withBorder
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby="at-risk-title"
    >
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4" id="at-risk-title">
            This month’s requirements
          </Title>
          <Text size="sm" c="dimmed">
            {data
              ? `${formatMonthName(data.month)}: ${plural(data.days_left, 'day')} left after today. `
              : ''}
            “At this pace” takes each trainee’s figures so far, divides them by the days elapsed
            (today included) and multiplies them by the days in the month; trainees whose projected
            figures miss a requirement are listed first.
          </Text>
        </Stack>
        {atRisk.isPending ? <LoadingState rows={4} label="Loading your trainees’ months" /> : null}
        {atRisk.isError ? (
          <ErrorState error={atRisk.error} onRetry={() => void atRisk.refetch()} />
        ) : null}
        {data && data.trainees.length === 0 ? (
          <EmptyState title="No trainees found">
            Trainees appear here once you accept their request to be their supervisor.
          </EmptyState>
        ) : null}
        {data && data.trainees.length > 0 ? (
          <Stack component="ul" gap="sm" m={0} p={0} aria-label="Trainees this month">
            {data.trainees.map((trainee) => (
              <TraineeRow key={trainee.id} trainee={trainee} />
            ))}
          </Stack>
        ) : null}
        {data ? <UnsignedForms forms={data.unsigned_forms} /> : null}
      </Stack>
    </Paper>
  );
}
