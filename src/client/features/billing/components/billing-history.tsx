import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { UserSubscription } from '../../../../shared/billing/billing.schema';
import { formatUsd } from '../../../../shared/billing/price';
import { EVENT_LABELS, formatDay } from './billing-format';

type BillingEvent = UserSubscription['events'][number];

/** The plan, coupon, card and the provider's message of one event, as one line. */
function eventDetails(event: BillingEvent): string {
  return [
    event.plan,
    event.coupon ? `coupon ${event.coupon}` : null,
    event.card_last4 ? `card •••• ${event.card_last4}` : null,
    event.message,
  ]
    .filter(Boolean)
    .join(' · ');
}

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
          // Three columns, so that the table fits a phone without scrolling sideways.
          <Table verticalSpacing="xs" striped aria-labelledby="history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Date</Table.Th>
                <Table.Th scope="col">Event</Table.Th>
                <Table.Th scope="col" ta="right">
                  Amount
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {events.map((event, index) => (
                <Table.Tr key={`${event.created_at}-${index}`}>
                  <Table.Td>{formatDay(event.created_at)}</Table.Td>
                  <Table.Td>
                    {EVENT_LABELS[event.kind]}
                    {eventDetails(event) ? (
                      <Text size="xs" c="dimmed">
                        {eventDetails(event)}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td ta="right">{event.amount ? formatUsd(event.amount) : '--'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
