import { List, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { Dashboard } from '../../../../shared/progress/accrued.schema';
import { COUNT_TEXT_COLORS, hoursLabel, sentenceCase } from './hours-label';

/**
 * The five-year window (BCBA Handbook, "Duration of Fieldwork"; decision 032): which 60 months the
 * hours that count come from, the months outside it apart with why, and what falls out next.
 */
export function FiveYearWindowCard({ dashboard }: { dashboard: Dashboard | undefined }) {
  const window = dashboard?.five_year_window;
  const outside = dashboard?.outside_window ?? [];
  const expiring = dashboard?.expiring ?? [];
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="five-year-window-title"
      aria-busy={!dashboard}
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="five-year-window-title">
          {window ? (
            `Five-year window: ${window.label}`
          ) : (
            <Skeleton component="span" display="block" height={24} width="50%" />
          )}
        </Title>
        <Text size="sm" mih={22}>
          {window
            ? window.basis === 'running'
              ? 'All fieldwork must be completed within five continuous years, counted by calendar month. The hours that count are those of the 60 months ending this month; the window moves on with each month until you reach the total.'
              : 'All fieldwork must be completed within five continuous years, counted by calendar month. These 60 months reach the total with the most hours, so the window stays where it is.'
            : null}
        </Text>
        {dashboard && outside.length === 0 && expiring.length === 0 ? (
          <Text size="sm" fw={600} c={COUNT_TEXT_COLORS.all}>
            Every month of your record is inside the window.
          </Text>
        ) : null}
        {outside.length > 0 ? (
          <Stack gap={4}>
            <Title order={3} size="h5" id="outside-window-title">
              Outside the window, not counted: {hoursLabel(dashboard?.outside_window_hours ?? 0)}{' '}
              hours
            </Title>
            <Table.ScrollContainer minWidth={320}>
              <Table aria-labelledby="outside-window-title" data-testid="outside-window">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Month</Table.Th>
                    <Table.Th scope="col" ta="right">
                      Hours
                    </Table.Th>
                    <Table.Th scope="col">Why they do not count</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {outside.map((month) => (
                    <Table.Tr key={month.month}>
                      <Table.Th scope="row" fw={400}>
                        {month.date}
                      </Table.Th>
                      <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                        {hoursLabel(month.counted_hours)} h
                      </Table.Td>
                      <Table.Td>{sentenceCase(month.reason)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        ) : null}
        {expiring.length > 0 ? (
          <Stack gap={4}>
            <Title order={3} size="h5" id="expiring-title">
              Falling outside in the next three months
            </Title>
            <List
              size="sm"
              aria-labelledby="expiring-title"
              data-testid="expiring-hours"
              c={COUNT_TEXT_COLORS.some}
            >
              {expiring.map((month) => (
                <List.Item key={month.month}>{month.message}</List.Item>
              ))}
            </List>
            <Text size="sm" c="dimmed">
              Hours that fall outside must be earned again; your plan counts them.
            </Text>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
