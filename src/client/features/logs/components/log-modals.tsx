import { Anchor, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { TASK_LIST_SOURCE, taskDomains } from '../../../../shared/reference/task-lists';
import { formatUsDate } from '../../../../shared/logs/time';

type ModalProps = { opened: boolean; onClose: () => void };

/** After a successful save (SPEC §2 'Keep up the good work' modal). */
export function GoodWorkModal({
  opened,
  onClose,
  saved,
}: ModalProps & { saved: { id: number; date: string } | null }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Keep up the good work!" centered>
      <Stack gap="md">
        <Text size="sm">
          {saved
            ? `Your entry for ${formatUsDate(saved.date)} is saved and waiting for your supervisor’s review.`
            : 'Your entry is saved and waiting for your supervisor’s review.'}
        </Text>
        <Group justify="flex-end" gap="sm">
          {saved ? (
            <Button variant="default" component={Link} to={`/student/editLogHour/${saved.id}`}>
              View entry
            </Button>
          ) : null}
          <Button onClick={onClose} data-autofocus>
            Log another entry
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** What the 6th Edition Test Content Outline is, and why new entries must use it (SPEC §1). */
export function SixthEditionModal({ opened, onClose }: ModalProps) {
  const domains = taskDomains('v6');
  const taskCount = domains.reduce((sum, domain) => sum + domain.tasks.length, 0);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="6th Edition Test Content Outline"
      centered
      size="lg"
    >
      <Stack gap="sm">
        <Text size="sm">
          The BACB’s 6th Edition Test Content Outline replaced the 5th Edition Task List. The
          platform is aligned with it: new entries must document tasks from the 6th Edition. Entries
          you logged with 5th Edition tasks stay readable and editable.
        </Text>
        <Text size="sm">
          It has {taskCount} tasks, A.1 to I.7, in {domains.length} domains:
        </Text>
        <List size="sm" spacing={2}>
          {domains.map((domain) => (
            <List.Item key={domain.section}>
              {domain.section}. {domain.title} ({domain.tasks.length} tasks)
            </List.Item>
          ))}
        </List>
        <Text size="xs" c="dimmed">
          {TASK_LIST_SOURCE.v6.line}
        </Text>
        <Group justify="space-between">
          <Anchor href="https://www.bacb.com/bcba/" target="_blank" rel="noreferrer" size="sm">
            BCBA handbook and outline at bacb.com
          </Anchor>
          <Button onClick={onClose} data-autofocus>
            Got it
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
