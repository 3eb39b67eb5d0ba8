import { Badge, List, SimpleGrid, Stack, Text } from '@mantine/core';
import { Fragment } from 'react';
import type { ExperienceLog } from '../../../../shared/logs/experience-log.schema';
import { formatObservation } from '../../../../shared/logs/observation';
import { hoursToMinutes } from '../../../../shared/logs/time';
import { FLAGGABLE_FIELDS, type FlaggableField } from '../../../../shared/review/review.schema';
import { fieldValue } from './review-model';

/** The fields shown in the grid; the tasks and notes, being long, get rows of their own. */
const GRID_FIELDS = FLAGGABLE_FIELDS.filter(
  ([field]) => field !== 'task' && field !== 'experience_note',
);

function FlagMark({ log, field }: { log: ExperienceLog; field: FlaggableField }) {
  const flag = log.data[field];
  if (!flag?.flagged) return null;
  return (
    <>
      {' '}
      <Badge color="red.9" variant="outline" size="xs" component="span">
        Flagged
      </Badge>
      {flag.comment ? (
        <Text component="span" display="block" size="sm" c="red.9" mt={2}>
          Comment: {flag.comment}
        </Text>
      ) : null}
    </>
  );
}

function Item({
  log,
  field,
  label,
  children,
}: {
  log: ExperienceLog;
  /** The flaggable field shown, whose flag is marked; none for a figure that is not flagged. */
  field?: FlaggableField;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <div>
      <Text component="dt" size="xs" fw={700} c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Text component="dd" m={0} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
        {field ? <FlagMark log={log} field={field} /> : null}
      </Text>
    </div>
  );
}

/**
 * The whole log as the supervisor reviews it (SPEC §2 /log-details): every field of the entry by
 * its form label, the tasks with their ids and texts, the notes, and any flags with comments.
 */
export function LogDetails({ log }: { log: ExperienceLog }) {
  return (
    <Stack gap="lg">
      <SimpleGrid component="dl" m={0} cols={{ base: 2, md: 3 }} spacing="md" verticalSpacing="md">
        {GRID_FIELDS.map(([field, label]) => (
          <Fragment key={field}>
            <Item log={log} field={field} label={label}>
              {fieldValue(log, field)}
            </Item>
            {field === 'client_observation' && log.observation_hours !== null ? (
              <Item log={log} label="Observation Hours">
                {formatObservation(hoursToMinutes(log.observation_hours))}
              </Item>
            ) : null}
          </Fragment>
        ))}
      </SimpleGrid>
      <Stack component="dl" m={0} gap="lg">
        <Item log={log} field="task" label="Task list items documented">
          {log.task.length === 0 ? (
            'None'
          ) : (
            <List size="sm" spacing={4} component="ul" mt={4}>
              {log.task.map((task) => (
                <List.Item key={task.id}>
                  <Text span fw={700} size="sm">
                    {task.id}
                  </Text>{' '}
                  {task.description}
                  {task.version === 'v5' ? ' (5th Edition)' : ''}
                </List.Item>
              ))}
            </List>
          )}
        </Item>
        <Item log={log} field="experience_note" label="Experience Notes">
          <Text span size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {log.experience_note}
          </Text>
        </Item>
      </Stack>
    </Stack>
  );
}
