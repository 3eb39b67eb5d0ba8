import {
  Anchor,
  Badge,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { roundToQuarterHour } from '../../../../shared/logs/time';
import { ErrorState } from '../../../components/page-state';
import { formatMonthName } from '../../../lib/local-date';
import { useMonthValidation } from '../api/validate-month';
import { formatActual, formatRequired, type MonthlyCheckWire } from './check-format';

/**
 * The month-requirement checklist beside the log form (SPEC §2, §9): each check's required and
 * actual figures and whether it is met, under the rule set in force. Green is for the current
 * month only: a past month's passes are shown plainly.
 */
export function MonthRequirementsCard({ month }: { month: string }) {
  const validation = useMonthValidation(month);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="month-requirements-title">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="month-requirements-title">
            Monthly requirements
          </Title>
          <Text size="sm" c="dimmed">
            {formatMonthName(month)}
          </Text>
        </div>
        {validation.isPending ? (
          <Stack gap={8} role="status" aria-label="Loading this month's requirements">
            <Skeleton height={18} width="80%" />
            <Skeleton height={22} width="60%" />
            {/* The header and seven checks, each about two lines tall. */}
            <Skeleton height={28} />
            {Array.from({ length: 7 }, (_, index) => (
              <Skeleton key={index} height={44} />
            ))}
          </Stack>
        ) : validation.isError ? (
          <ErrorState error={validation.error} onRetry={() => void validation.refetch()} />
        ) : (
          <>
            <Text size="sm">
              Rule set: <strong>{validation.data.rule_set.label}</strong>{' '}
              {validation.data.rule_set.is_chosen ? '(your choice)' : '(default by date)'}.{' '}
              <Anchor component={Link} to="/student/profile-screen" size="sm">
                Change
              </Anchor>
            </Text>
            {validation.data.types.map((type) => (
              <Stack gap={4} key={type.expereince_type}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text component="h3" fw={600} size="sm">
                    {type.name}
                  </Text>
                  <Badge variant="light" color="gray" tt="none" style={{ flexShrink: 0 }}>
                    {roundToQuarterHour(type.total_hours)} h logged
                  </Badge>
                </Group>
                <ChecksTable
                  caption={`${type.name} requirements`}
                  checks={type.checks}
                  isCurrentMonth={validation.data.is_current_month}
                />
              </Stack>
            ))}
          </>
        )}
      </Stack>
    </Paper>
  );
}

function ChecksTable({
  caption,
  checks,
  isCurrentMonth,
}: {
  caption: string;
  checks: MonthlyCheckWire[];
  isCurrentMonth: boolean;
}) {
  return (
    <Table fz="sm" verticalSpacing={6} horizontalSpacing={6}>
      <VisuallyHidden component="caption">{caption}</VisuallyHidden>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Requirement</Table.Th>
          <Table.Th ta="right">Required</Table.Th>
          <Table.Th ta="right">Actual</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {checks.map((check) => (
          <Table.Tr key={check.key}>
            <Table.Th scope="row" fw={400}>
              <Group gap={6} wrap="nowrap" align="flex-start">
                <StatusIcon status={check.status} isCurrentMonth={isCurrentMonth} />
                <span>{check.label}</span>
              </Group>
            </Table.Th>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {formatRequired(check)}
            </Table.Td>
            <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {formatActual(check)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

const STATUS_TEXT = { pass: 'Met', fail: 'Not met', info: 'For information' } as const;

function StatusIcon({
  status,
  isCurrentMonth,
}: {
  status: MonthlyCheckWire['status'];
  isCurrentMonth: boolean;
}) {
  const color = status === 'fail' ? 'red' : status === 'pass' && isCurrentMonth ? 'green' : 'gray';
  const Icon = status === 'pass' ? IconCheck : status === 'fail' ? IconX : IconInfoCircle;
  return (
    <>
      <ThemeIcon size={18} radius="xl" variant="light" color={color} aria-hidden>
        <Icon size={12} />
      </ThemeIcon>
      <VisuallyHidden>{STATUS_TEXT[status]}:</VisuallyHidden>
    </>
  );
}
