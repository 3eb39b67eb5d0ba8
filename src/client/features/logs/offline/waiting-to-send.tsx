import { Alert, Badge, Button, Group, List, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { formatUsDate, minutesToHours } from '../../../../shared/logs/time';
import type { SupervisorChoices } from '../../../components/supervisor-choices';
import { useSession } from '../../../lib/session';
import { invalidateAfterLogChange } from '../../../lib/invalidate-logs';
import { LogForm } from '../components/log-form';
import { computeFormMinutes } from '../components/log-form-values';
import { sendNow, startSending } from './background';
import { listEntries, removeEntry, replaceEntry, subscribe, type QueuedEntry } from './queue';

/** '3/5/2026, 09:00–12:00 · 3 h' of a kept entry. */
function entryWhen(entry: QueuedEntry): string {
  const { body } = entry;
  const minutes = computeFormMinutes(body).experience;
  const hours = minutes === null ? '' : ` · ${minutesToHours(minutes)} h`;
  return `${formatUsDate(String(body.date_of_experience))}, ${String(body.time_of_expereince_start)}–${String(body.time_of_expereince_end)}${hours}`;
}

/** The signed-in trainee's kept entries, kept up to date across tabs. */
function useWaitingEntries(userId: number | undefined) {
  const [entries, setEntries] = useState<QueuedEntry[]>([]);
  const [status, setStatus] = useState('');
  const reload = useCallback(async () => {
    setEntries(userId === undefined ? [] : await listEntries(userId));
  }, [userId]);
  useEffect(() => {
    void reload();
    return subscribe((event) => {
      void reload();
      if (event.type === 'kept') {
        setStatus('Saved on this device. It will be sent when you are back online.');
      } else if (event.type === 'sent') {
        setStatus(`Your entry of ${formatUsDate(event.date)} was sent.`);
      }
    });
  }, [reload]);
  return { entries, status };
}

/**
 * /student/logHour's "Waiting to send": entries saved while offline (decision 023), each with
 * Edit and Discard; one the server refused is shown with its reason until the trainee edits
 * and resends it, or discards it.
 */
export default function WaitingToSend({ supervisors }: { supervisors: SupervisorChoices }) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const { entries, status } = useWaitingEntries(user?.id);
  const [editing, setEditing] = useState<QueuedEntry | null>(null);

  useEffect(() => {
    startSending(() => void invalidateAfterLogChange(queryClient));
    void sendNow();
  }, [queryClient]);

  return (
    <>
      {/* Always on the page, so that a screen reader reads each new message. */}
      <Text role="status" size="sm" fw={500}>
        {status}
      </Text>
      {entries.length > 0 ? (
        <Paper
          component="section"
          withBorder
          p={{ base: 'md', sm: 'lg' }}
          aria-labelledby="waiting-to-send"
        >
          <Stack gap="sm">
            <Title order={2} size="h4" id="waiting-to-send">
              Waiting to send ({entries.length})
            </Title>
            <Text size="sm" c="dimmed">
              Saved on this device while offline. They are sent when the connection returns.
            </Text>
            {entries.map((entry) => (
              <Paper
                key={entry.key}
                withBorder
                p="sm"
                bg={entry.state === 'conflict' ? 'red.0' : undefined}
                data-state={entry.state}
              >
                <Stack gap="xs">
                  <Group justify="space-between" gap="xs">
                    <Text fw={600}>{entryWhen(entry)}</Text>
                    <Badge color={entry.state === 'conflict' ? 'red' : 'gray'} variant="light">
                      {entry.state === 'conflict' ? 'Not accepted' : 'Waiting to send'}
                    </Badge>
                  </Group>
                  {entry.state === 'conflict' ? (
                    <Alert color="red" variant="light" title="The server did not accept this entry">
                      <List size="sm">
                        {(entry.error ?? []).map((message) => (
                          <List.Item key={message}>{message}</List.Item>
                        ))}
                      </List>
                      <Text size="sm" mt="xs">
                        Edit it and send it again, or discard it.
                      </Text>
                    </Alert>
                  ) : null}
                  <Group gap="xs">
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => setEditing(entry)}
                      aria-label={`Edit the entry of ${entryWhen(entry)}`}
                    >
                      Edit
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => void removeEntry(entry.key)}
                      aria-label={`Discard the entry of ${entryWhen(entry)}`}
                    >
                      Discard
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            ))}
          </Stack>
        </Paper>
      ) : null}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title="Edit the entry waiting to send"
        size="xl"
      >
        {editing ? (
          <LogForm
            initialValues={editing.body}
            supervisors={supervisors}
            isNewEntry
            submitLabel="Save and send"
            onSave={async (payload) => {
              // A new key: the old one may have reached the server with the old entry.
              await replaceEntry(editing.key, crypto.randomUUID(), payload);
              setEditing(null);
              void sendNow();
              return payload;
            }}
          />
        ) : null}
      </Modal>
    </>
  );
}
