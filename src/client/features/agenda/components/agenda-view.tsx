import { Badge, Box, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import type { MonthlyDocumentDetail } from '../../../../shared/agenda/agenda.schema';
import { findTask } from '../../../../shared/reference/task-lists';
import { AgendaField, ChoiceMarks, YesNoMark } from './agenda-marks';

/** 'A.1 Identify the goals of behavior analysis…', or the bare id when it is unknown. */
const taskText = (id: string) => findTask(id)?.text;

/** One section of the agenda: its heading, whether it was covered, and its content. */
function AgendaSection({
  title,
  isChecked,
  children,
}: {
  title: string;
  isChecked: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id}>
      <Group gap="sm" mb="xs">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {/* Dark words beside a coloured dot: readable, and the colour is never the only sign. */}
        <Badge variant="dot" color={isChecked ? 'green.7' : 'gray.5'} c="dark.8">
          {isChecked ? 'Covered' : 'Not covered'}
        </Badge>
      </Group>
      <Stack gap="sm">{children}</Stack>
    </Box>
  );
}

/** Supervisee, Supervisor, Date, Start Time, End Time, Format (SPEC §2), as a definition list. */
function AgendaDetails({ agenda }: { agenda: MonthlyDocumentDetail }) {
  const details: [string, string][] = [
    ['Supervisee', agenda.supervisee],
    ['Supervisor', agenda.supervisor_name],
    ['Date', agenda.date],
    ['Start Time', agenda.startTime],
    ['End Time', agenda.endTime],
    ['Format', agenda.format],
  ];
  return (
    <Box
      component="dl"
      m={0}
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
        gap: 'var(--mantine-spacing-sm)',
      }}
    >
      {details.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
            {label}
          </Text>
          <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
            {value || '—'}
          </Text>
        </div>
      ))}
    </Box>
  );
}

function TaskReviewTable({
  tasks,
  labelledBy,
}: {
  tasks: MonthlyDocumentDetail['tasks'];
  labelledBy: string;
}) {
  if (tasks.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No tasks reviewed.
      </Text>
    );
  }
  return (
    // On a phone the table scrolls sideways: the region takes focus so a keyboard can scroll it.
    // Positioned, so that the cells' screen-reader words (absolutely placed) scroll with it.
    <Table.ScrollContainer
      pos="relative"
      type="native"
      minWidth={640}
      tabIndex={0}
      role="region"
      aria-label="Tasks reviewed (scrolls sideways)"
    >
      <Table aria-labelledby={labelledBy} verticalSpacing="xs" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Task</Table.Th>
            <Table.Th>Can Demonstrate</Table.Th>
            <Table.Th>Can Explain</Table.Th>
            <Table.Th>Feedback</Table.Th>
            <Table.Th>Review</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tasks.map((task, index) => (
            <Table.Tr key={`${task.name}-${index}`}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {task.name}
                </Text>
                {taskText(task.name) ? (
                  <Text size="xs" c="dimmed">
                    {taskText(task.name)}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <YesNoMark isYes={task.canDemonstrate} />
              </Table.Td>
              <Table.Td>
                <YesNoMark isYes={task.canExplain} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{task.feedback || '—'}</Table.Td>
              <Table.Td>
                <YesNoMark isYes={task.review} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The supervision contact agenda, read-only (SPEC §2): the contact's details, then every
 * section in the page's order. `accruedTables` are the Fieldwork Hours Check's two tables (the
 * page brings them: they belong to the progress feature).
 */
export function AgendaView({
  agenda,
  accruedTables,
}: {
  agenda: MonthlyDocumentDetail;
  accruedTables: ReactNode;
}) {
  const tasksTitleId = useId();
  return (
    <Stack gap="lg">
      <AgendaDetails agenda={agenda} />

      <AgendaSection title="Fieldwork Hours Check" isChecked={agenda.fieldHoursCheck}>
        {accruedTables}
        <ChoiceMarks
          label="Fieldwork type"
          options={[
            ['Supervised Fieldwork', agenda.supervisedFieldwork],
            ['Practicum', agenda.practicum],
            ['Intensive Practicum', agenda.intensivePracticum],
          ]}
        />
      </AgendaSection>

      <AgendaSection title="Supervisee Check" isChecked={agenda.superviseeCheck}>
        <AgendaField label="Questions and feedback">{agenda.superviseeFeedback}</AgendaField>
      </AgendaSection>

      <AgendaSection title="Observation Check" isChecked={agenda.observationChecK}>
        <AgendaField label="Observation date">{agenda.observationDate ?? ''}</AgendaField>
        <div>
          <Text size="sm" fw={600}>
            Skills demonstrated
          </Text>
          {agenda.skills.length === 0 ? (
            <Text size="sm" c="dimmed">
              None listed
            </Text>
          ) : (
            <List size="sm" spacing={2}>
              {agenda.skills.map((id) => (
                <List.Item key={id}>
                  <Text span fw={600} size="sm">
                    {id}
                  </Text>{' '}
                  {taskText(id) ?? ''}
                </List.Item>
              ))}
            </List>
          )}
        </div>
        <AgendaField label="Feedback">{agenda.observationFeedback}</AgendaField>
      </AgendaSection>

      <AgendaSection title="Clinical Practice Check" isChecked={agenda.clinicalPracticeCheck}>
        <AgendaField label="Type">{agenda.type}</AgendaField>
        <ChoiceMarks
          label="Status"
          options={[
            ['Completed', agenda.completed],
            ['Not completed', agenda.notCompleted],
          ]}
        />
        <ChoiceMarks
          label="Setting"
          options={[
            ['In person', agenda.inPerson],
            ['Online', agenda.online],
          ]}
        />
        <AgendaField label="Feedback">{agenda.clinicalPracticeFeedback}</AgendaField>
      </AgendaSection>

      <AgendaSection title="Task List Review Check" isChecked={agenda.taskListReviewCheck}>
        <span id={tasksTitleId} hidden>
          Tasks reviewed
        </span>
        <TaskReviewTable tasks={agenda.tasks} labelledBy={tasksTitleId} />
      </AgendaSection>
    </Stack>
  );
}
