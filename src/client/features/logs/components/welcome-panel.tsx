import { Button, CloseButton, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSession } from '../../../lib/session';
import { readPreference, writePreference } from '../../../lib/session-storage';

/**
 * The welcome on a trainee's first visit to the log screen (SPEC §2), a panel at the top of the
 * page rather than a dialog: it is drawn with the page, in the page's own code, so it can never
 * open over a form the trainee has started to use (issue 27), and the page works around it.
 * Dismissed once, it stays hidden on this device; a trainee who has logged hours (the signed-in
 * user says so, before the first frame) does not see it on a new browser either (issue 36).
 * `onDismiss` gives the focus a place to go.
 */
export function WelcomePanel({ onDismiss }: { onDismiss: () => void }) {
  const { user } = useSession();
  const [isShown, setIsShown] = useState(
    () => readPreference('welcomeSeen') === null && user?.has_logs !== true,
  );
  if (!isShown) return null;
  const dismiss = () => {
    writePreference('welcomeSeen', 'true');
    setIsShown(false);
    onDismiss();
  };
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="welcome-title"
      bg="teal.0"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={2} size="h4" id="welcome-title">
            Welcome to Fieldwork Tracker
          </Title>
          <CloseButton aria-label="Hide the welcome" onClick={dismiss} />
        </Group>
        <Text size="sm">
          Log each fieldwork session here, in under a minute. The tracker works out your hours from
          the times you enter and tells you at once whether the month counts.
        </Text>
        <List size="sm" spacing="xs">
          <List.Item>
            Enter the times: experience, restricted and supervised hours are computed.
          </List.Item>
          <List.Item>The monthly requirements card shows what this month still needs.</List.Item>
          <List.Item>Your supervisor reviews each entry and approves or flags it.</List.Item>
        </List>
        <Group>
          <Button onClick={dismiss}>Get started</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
