import { Alert, Anchor, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { StandardsInForceWire } from '../../shared/logs/standards-in-force.schema';

/**
 * Where the standards the trainee chose disagree with their finish date, that said plainly
 * (src/shared/logs/standards-in-force.ts) with the way to the choice; nothing otherwise. Shown
 * wherever the standards are named (issue 28).
 */
export function StandardsMismatch({ standards }: { standards: StandardsInForceWire }) {
  if (!standards.mismatch) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title="Your standards and your finish date disagree"
      styles={{ title: { color: 'var(--mantine-color-dark-8)' } }}
    >
      <Text size="sm" c="dark.8">
        {standards.mismatch}{' '}
        <Anchor
          component={Link}
          to="/student/profile-screen"
          size="sm"
          c="dark.8"
          underline="always"
        >
          Your standards
        </Anchor>
      </Text>
    </Alert>
  );
}
