import { Badge, Button, Group, Text } from '@mantine/core';
import { IconDownload, IconPencil, IconTrash } from '@tabler/icons-react';
import type { RecordFile } from '../../../../shared/files/record-file.schema';
import { formatInstant } from '../../../lib/local-date';
import { formatFileSize } from './file-choice';

/** What a trainee may do with their own form; a supervisor gets none of it. */
export type RecordFileActions = {
  onEdit: (file: RecordFile) => void;
  onDelete: (file: RecordFile) => void;
};

/**
 * One uploaded form: its title, supervisor and file, and Download. `document` is a short-lived
 * link (kept fresh by the list's query) that answers with the file as an attachment.
 */
export function RecordFileRow({
  file,
  actions,
}: {
  file: RecordFile;
  actions?: RecordFileActions;
}) {
  return (
    <Group
      component="li"
      justify="space-between"
      align="center"
      gap="sm"
      py="xs"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <div style={{ minWidth: 0, flex: '1 1 220px' }}>
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {file.title}
          </Text>
          {file.signed_in_app ? (
            <Badge size="sm" variant="light" color="teal" c="dark.8">
              Signed in the app
            </Badge>
          ) : null}
          {file.paper_form ? (
            <Badge size="sm" variant="light" color="blue" c="dark.8">
              Paper form
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {[
            file.supervisor_name,
            `${file.fileName} (${formatFileSize(file.size)})`,
            `uploaded ${formatInstant(file.created_at)}`,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        {file.description ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {file.description}
          </Text>
        ) : null}
        {file.notes ? (
          <Text size="sm" c="dimmed" fs="italic" style={{ overflowWrap: 'anywhere' }}>
            {file.notes}
          </Text>
        ) : null}
      </div>
      <Group gap="xs" wrap="nowrap">
        <Button
          component="a"
          href={file.document}
          size="xs"
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          aria-label={`Download ${file.title}`}
        >
          Download
        </Button>
        {actions ? (
          <>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPencil size={16} aria-hidden />}
              onClick={() => actions.onEdit(file)}
              aria-label={`Edit ${file.title}`}
            >
              Edit
            </Button>
            {/* A form both signed in the app stays as signed: it is never deleted. A paper
                form's scan goes with the paper form (Fieldwork Forms, "Remove paper form"). */}
            {file.signed_in_app || file.paper_form ? null : (
              <Button
                size="xs"
                variant="light"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => actions.onDelete(file)}
                aria-label={`Delete ${file.title}`}
              >
                Delete
              </Button>
            )}
          </>
        ) : null}
      </Group>
    </Group>
  );
}
