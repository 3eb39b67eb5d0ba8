import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { MonthFormRow } from '../../../../shared/forms/month-form.schema';
import { lateSigningText, rowTitle } from './month-form-status';

/** A long label wraps on a phone instead of pushing the dialog wider. */
const WRAPPING = {
  h: 'auto',
  py: 8,
  styles: { label: { whiteSpace: 'normal' as const } },
  style: { maxWidth: '100%' },
};

/**
 * Before the trainee fills a form past its deadline (issue 36): what signing it now costs, and
 * the way that keeps the hours, a paper form signed in time, offered first.
 */
export function LateFillModal({
  row,
  onPaper,
  onFill,
  onClose,
}: {
  row: MonthFormRow | null;
  onPaper: (row: MonthFormRow) => void;
  onFill: (row: MonthFormRow) => void;
  onClose: () => void;
}) {
  const warning = row ? lateSigningText(row, 'trainee') : null;
  return (
    <Modal opened={row !== null} onClose={onClose} title="Past the deadline" size="lg">
      {row ? (
        <Stack gap="md">
          <Text fw={600}>{rowTitle(row)}</Text>
          <Text size="sm">{warning}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              variant="light"
              color="red"
              {...WRAPPING}
              onClick={() => {
                onClose();
                onFill(row);
              }}
            >
              Fill it anyway: the hours are lost once signed
            </Button>
            <Button
              {...WRAPPING}
              onClick={() => {
                onClose();
                onPaper(row);
              }}
            >
              It was signed on paper in time: record the paper form
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
