import { Badge, Box, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarExclamation } from '@tabler/icons-react';
import type {
  StandardsSwitchWire,
  SwitchMonthWire,
} from '../../shared/progress/standards-switch.schema';
import { formatHoursGrouped, formatUsDate } from '../../shared/logs/time';

const LABELS = { 2022: '2022 standards', 2027: '2027 standards' } as const;

/** 'October 2026: 30 h under the 2022 standards, 0 h under the 2027 standards'. */
function MonthLine({ month }: { month: SwitchMonthWire }) {
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="wrap">
        <Text size="sm" fw={700}>
          {month.date}
        </Text>
        {month.is_running ? (
          <Badge variant="outline" color="gray.7" size="sm">
            In progress
          </Badge>
        ) : null}
        <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatHoursGrouped(month.counted_hours[2022])} h under the 2022 standards,{' '}
          {formatHoursGrouped(month.counted_hours[2027])} h under the 2027 standards
        </Text>
      </Group>
      {month.differences.map((difference) => (
        <Text size="sm" key={`${difference.rule_set}-${difference.key}`} c="dark.7">
          {LABELS[difference.rule_set]}: {difference.text}
        </Text>
      ))}
      {month.mends.map((mend) => (
        <Text size="sm" fw={600} key={`mend-${mend.rule_set}`} c="#1e6b30">
          To count it under the {LABELS[mend.rule_set]}: {mend.text}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * The notice before the 2027 switch (issue 35): what the switch costs the record, the months the
 * two standards count differently and why, what would still mend the month running, and which
 * standards the record is read by now. Nothing when the switch has come or changes nothing.
 */
export function StandardsSwitchCard({
  data,
  headingLevel = 2,
}: {
  data: StandardsSwitchWire;
  headingLevel?: 2 | 3;
}) {
  if (!data.is_before_switch || data.months.length === 0 || data.summary === null) return null;
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="standards-switch-title"
      bg="orange.0"
      style={{ borderColor: 'var(--mantine-color-orange-4)' }}
    >
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ThemeIcon
          size={40}
          radius="xl"
          color="orange.8"
          variant="filled"
          visibleFrom="xs"
          aria-hidden
        >
          <IconCalendarExclamation size={22} />
        </ThemeIcon>
        <Stack gap="xs" style={{ minWidth: 0, flex: 1 }}>
          <Title order={headingLevel} size="h4" id="standards-switch-title">
            From {formatUsDate(data.switch_date)}: the 2027 standards
          </Title>
          <Text size="sm" fw={600}>
            {data.summary}
          </Text>
          <Text size="sm">
            Every application from {formatUsDate(data.switch_date)} is judged by the 2027 standards,
            for every hour, earlier ones included. {data.rule_set.reason}
          </Text>
          <Box>
            <Text size="sm" fw={600} mb={4}>
              The months the two standards count differently
            </Text>
            <List
              size="sm"
              spacing="xs"
              listStyleType="none"
              aria-label="Months the 2027 standards count differently"
            >
              {data.months.map((month) => (
                <List.Item key={month.month}>
                  <MonthLine month={month} />
                </List.Item>
              ))}
            </List>
          </Box>
          {data.notified_at ? (
            <Text size="xs" c="dimmed">
              We mailed you this on{' '}
              {new Date(data.notified_at).toLocaleDateString('en-US', {
                month: 'long',
                day: 'numeric',
                year: 'numeric',
              })}
              .
            </Text>
          ) : null}
        </Stack>
      </Group>
    </Paper>
  );
}
