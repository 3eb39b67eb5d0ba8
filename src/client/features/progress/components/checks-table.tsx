import { Badge, Group, Stack, Table, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import { roundToQuarterHour } from '../../../../shared/logs/time';
import type { MonthValidation } from '../../../../shared/progress/month-validation.schema';
import { outsideLines } from '../../../../shared/progress/structure-month';
import { formatActual, formatRequired, type MonthlyCheckWire } from './check-format';

/**
 * The month card's body once the figures are there (month-requirements-card.tsx): each experience
 * type's hours and its checks' table; a type under several supervision structures shows each
 * structure's own table, as each meets the month on its own. Loaded beside the figures.
 */
export default function MonthTypeChecks({
  types,
  isCurrentMonth,
}: {
  types: MonthValidation['types'];
  isCurrentMonth: boolean;
}) {
  return types.flatMap((type) => {
    // A structure's own table where there are several, or where some of its hours may not
    // count at all (issue 39): its checks are on the hours that may.
    const parts =
      type.structures.length > 1 || type.structures.some((s) => s.outside.length > 0)
        ? type.structures.map((structure) => ({
            key: `${type.expereince_type}-${structure.key}`,
            title: `${type.name} with ${structure.name}`,
            hours: structure.total_hours,
            checks: structure.checks,
            outside: outsideLines(structure),
          }))
        : [
            {
              key: `${type.expereince_type}`,
              title: type.name,
              hours: type.total_hours,
              checks: type.checks,
              outside: [],
            },
          ];
    return parts.map((part) => (
      <Stack gap={4} key={part.key}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text component="h3" fw={600} size="sm">
            {part.title}
          </Text>
          <Badge variant="light" color="gray" tt="none" style={{ flexShrink: 0 }}>
            {roundToQuarterHour(part.hours)} h logged
          </Badge>
        </Group>
        {part.outside.map((line) => (
          <Text key={line} size="sm" c="orange.9">
            {line}: not counted (Handbook, “Starting Fieldwork”)
          </Text>
        ))}
        <ChecksTable
          caption={`${part.title} requirements`}
          checks={part.checks}
          isCurrentMonth={isCurrentMonth}
        />
      </Stack>
    ));
  });
}

/** One experience type's checks. */
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
