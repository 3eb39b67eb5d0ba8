import { Stack, Text } from '@mantine/core';
import type { Contract } from '../../../../shared/contracts/contract.schema';
import { formatInstant } from '../../../lib/local-date';
import { historyText } from './contract-status';

/** Every change to the contract, newest first: kept with it, as its versions are. */
export function ContractHistory({ history }: { history: Contract['history'] }) {
  if (history.length === 0) return <Text size="sm">Nothing recorded yet.</Text>;
  const events = [...history].reverse();
  return (
    <Stack gap={4} component="ol" aria-label="History" style={{ listStyle: 'none', padding: 0 }}>
      {events.map((event, index) => (
        <Text key={`${event.at}-${index}`} component="li" size="sm">
          <Text span c="dimmed" size="sm">
            {formatInstant(event.at)}
          </Text>{' '}
          {historyText(event)}
        </Text>
      ))}
    </Stack>
  );
}
