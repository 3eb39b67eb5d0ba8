import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { UserSubscription } from '../../../../shared/billing/billing.schema';
import { formatUsd } from '../../../../shared/billing/price';
import { EVENT_LABELS, formatDay } from './billing-format';

/** The billing events of the trainee's subscription, newest first, as the server lists them. */
export function BillingHistory({ events }: { events: UserSubscription['events'] }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="history">
      <Stack gap="sm">
        <Title order={2} size="h4" id="history">
          Billing history
        </Title>
        {events.length === 0 ? (
          <Text size="sm" c="dimmed">
            No payments yet.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs" striped aria-labelledby="history">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Event</Table.Th>
                  <Table.Th>Plan</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th>Card</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {events.map((event, index) => (
                  <Table.Tr key={`${event.created_at}-${index}`}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatDay(event.created_at)}
                    </Table.Td>
                    <Table.Td>
                      {EVENT_LABELS[event.kind]}
                      {event.coupon ? ` (coupon ${event.coupon})` : ''}
                      {event.message ? (
                        <Text size="xs" c="dimmed">
                          {event.message}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{event.plan ?? '--'}</Table.Td>
                    <Table.Td ta="right">{event.amount ? formatUsd(event.amount) : '--'}</Table.Td>
                    <Table.Td>{event.card_last4 ? `•••• ${event.card_last4}` : '--'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
