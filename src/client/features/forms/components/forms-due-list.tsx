import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { MonthFormRow } from '../../../../shared/forms/month-form.schema';
import { formatUsDate } from '../../../../shared/logs/time';
import { daysLeftText, figuresText, rowKey, rowTitle } from './month-form-status';

const FORMS_PAGE = '/student/upload';

/** The forms due themselves (forms-due-card.tsx loads this once it has them). */
export default function FormsDueList({ due }: { due: MonthFormRow[] }) {
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="forms-due-title"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={2} size="h4" id="forms-due-title">
            Forms due
          </Title>
          <Anchor component={Link} to={FORMS_PAGE} size="sm">
            Go to Fieldwork Forms
          </Anchor>
        </Group>
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {due.map((row) => (
            <Group key={rowKey(row)} component="li" justify="space-between" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Anchor
                  component={Link}
                  to={FORMS_PAGE}
                  size="sm"
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {rowTitle(row)}
                </Anchor>
                {/* What the form reports: at an organization, every supervisor's hours there. */}
                <Text size="xs" c="dimmed">
                  {figuresText(row.figures)}
                </Text>
                {row.state === 'overdue' ? (
                  <Text size="xs" fw={600} c="red.8">
                    At risk: {row.at_risk_hours} h not counted until a form signed in time is
                    recorded
                  </Text>
                ) : null}
              </div>
              <Group gap="xs">
                <Text size="sm" c="dimmed">
                  {row.state === 'overdue' ? 'Was due' : 'Sign by'} {formatUsDate(row.deadline)}
                </Text>
                <Badge
                  color={row.state === 'overdue' || row.days_remaining <= 3 ? 'red' : 'blue'}
                  variant={row.state === 'overdue' ? 'filled' : 'light'}
                >
                  {daysLeftText(row.days_remaining)}
                </Badge>
              </Group>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
