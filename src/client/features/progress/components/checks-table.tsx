import { Group, Table, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import { formatActual, formatRequired, type MonthlyCheckWire } from './check-format';

/** One experience type's checks of the month card (month-requirements-card.tsx). */
export default function ChecksTable({
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
