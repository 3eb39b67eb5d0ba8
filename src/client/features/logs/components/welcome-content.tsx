import { Button, CloseButton, Group, List, Paper, Stack, Text, Title } from '@mantine/core';

/** The welcome's words (welcome-panel.tsx decides whether it shows; this loads beside the page). */
export default function WelcomeContent({ dismiss }: { dismiss: () => void }) {
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
