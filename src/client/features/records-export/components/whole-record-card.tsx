import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDownloadWholeRecord } from '../api/download-whole-record';

/**
 * "Download my whole record": everything the trainee keeps here in one zip, whatever their
 * subscription (BACB-RULES.md: records are kept and retrievable for 7 years).
 */
export function WholeRecordCard() {
  const download = useDownloadWholeRecord();
  const onDownload = () =>
    download.mutate(undefined, {
      onSuccess: (fileName) => notifySuccess(`Downloaded ${fileName}`),
      onError: (error) =>
        notifyError(
          error instanceof ApiError ? error.messages.join(' ') : 'The download did not start.',
        ),
    });
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} maw={420} w="100%">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Your record
        </Title>
        <Text size="sm" id="whole-record-description">
          Your logs (CSV and JSON) with every change made to them, your supervisors, month
          sign-offs, forms and uploaded files, in one zip with a manifest and checksums.
        </Text>
        <Button
          variant="light"
          leftSection={<IconFileZip size={18} aria-hidden />}
          onClick={onDownload}
          loading={download.isPending}
          aria-describedby="whole-record-description"
        >
          Download my whole record
        </Button>
        {download.isPending && (
          <Text size="sm" c="dimmed" role="status">
            Preparing your record…
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
