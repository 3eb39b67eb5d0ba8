import { Alert, Anchor, Button, Group, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { needsFirstClass } from '../../../../shared/contracts/start-of-fieldwork';
import { formatHours, hoursToMinutes } from '../../../../shared/logs/time';
import { useAnswerStartAsk, useStartOfFieldwork } from '../api/start-of-fieldwork';

const CONTRACTS = '/student/contracts';

/** Dark titles: the light alerts' own (blue, yellow, orange on their fills) miss AA contrast. */
const READABLE_TITLE = { title: { color: 'var(--mantine-color-dark-8)' } } as const;

const hours = (value: number) => {
  const figure = formatHours(hoursToMinutes(value));
  return `${figure} ${figure === '1' ? 'hour' : 'hours'}`;
};

/**
 * The trainee's home says what to do about hours that may not count (issue 39; BCBA Handbook,
 * "Starting Fieldwork"): the one-time ask to record their contracts (decision 033), each
 * structure's hours waiting for a contract, the hours dated outside one, a missing first class.
 * Nothing while loading, on an error (the page works without it) or when all is in order.
 */
export default function StartOfFieldworkNotice() {
  const { data } = useStartOfFieldwork();
  const answer = useAnswerStartAsk();
  if (!data) return null;
  const waiting = data.structures.filter((structure) => structure.waiting_hours > 0);
  const lost = data.structures.filter((structure) => structure.lost_hours > 0);
  const firstClassMissing = needsFirstClass(data.pathway) && data.first_class_on === null;
  if (!data.ask && waiting.length === 0 && lost.length === 0 && !firstClassMissing) return null;
  return (
    <Stack gap="sm" aria-label="Before your hours count" component="section">
      {data.ask ? (
        <Alert
          color="blue"
          variant="light"
          styles={READABLE_TITLE}
          title="Record your supervision contracts"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              The BACB counts no hour before a supervision contract is signed with each supervisor
              (Handbook, “Starting Fieldwork”). Sign yours here, or upload one signed on paper with
              its date. Until you record one, your hours count as they do now.
            </Text>
            {answer.isError ? (
              <Text size="sm" c="red.8" role="alert">
                Your answer could not be saved. Try again.
              </Text>
            ) : null}
            <Group gap="xs">
              <Button component={Link} to={CONTRACTS} size="xs">
                Supervision contracts
              </Button>
              <Button
                size="xs"
                variant="light"
                loading={answer.isPending && answer.variables === 'apply'}
                disabled={answer.isPending}
                onClick={() => answer.mutate('apply')}
              >
                Count only hours under a contract
              </Button>
              <Button
                size="xs"
                variant="subtle"
                loading={answer.isPending && answer.variables === 'later'}
                disabled={answer.isPending}
                onClick={() => answer.mutate('later')}
              >
                Not now
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {waiting.length > 0 ? (
        <Alert
          color="yellow"
          variant="light"
          styles={READABLE_TITLE}
          title="Hours waiting for a supervision contract"
        >
          <List size="sm" spacing={4}>
            {waiting.map((structure) => (
              <List.Item key={structure.structure_key}>
                <Anchor component={Link} to={CONTRACTS} size="sm">
                  Sign the supervision contract with {structure.name}
                </Anchor>
                : {hours(structure.waiting_hours)} wait for it. Hours dated before everyone signs do
                not count; a contract signed on paper can be uploaded with its date.
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      {lost.length > 0 ? (
        <Alert
          color="orange"
          variant="light"
          styles={READABLE_TITLE}
          title="Hours outside a supervision contract"
        >
          <List size="sm" spacing={4}>
            {lost.map((structure) => (
              <List.Item key={structure.structure_key}>
                {hours(structure.lost_hours)} with {structure.name} are dated before its contract
                was signed, after it ended or before your first class, and do not count (Handbook,
                “Starting Fieldwork”).
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      {firstClassMissing ? (
        <Alert
          color="yellow"
          variant="light"
          styles={READABLE_TITLE}
          title="When did your first class meet?"
        >
          <Text size="sm">
            Under pathway {data.pathway}, hours count from the first class meeting of your first
            behavior-analytic course (Handbook, “Starting Fieldwork”).{' '}
            <Anchor component={Link} to="/student/profile-screen" size="sm">
              Record its date in your profile
            </Anchor>
            .
          </Text>
        </Alert>
      ) : null}
    </Stack>
  );
}
