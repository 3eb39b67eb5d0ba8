import { Anchor, Group, type MantineColor } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { LOG_EXPORT_FILENAME } from '../../../../shared/logs/experience-log.schema';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDownloadLogs } from '../api/download-logs';

/**
 * 'Download my logs (CSV)': every log of the trainee, whatever their subscription (BACB-RULES.md:
 * records are kept 7 years, and the Terms promise a copy). Used on /subscription and in the
 * student area's trial and subscription warnings.
 */
export function DownloadLogsLink({ color }: { color?: MantineColor }) {
  const download = useDownloadLogs();
  const onDownload = () =>
    download.mutate(
      { tasks: [], from_date: '', to_date: '' },
      {
        onSuccess: () => notifySuccess(`Downloaded ${LOG_EXPORT_FILENAME}`),
        onError: (error) =>
          notifyError(
            error instanceof ApiError ? error.messages.join(' ') : 'The download did not start.',
          ),
      },
    );
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      c={color}
      onClick={onDownload}
      disabled={download.isPending}
    >
      <Group gap={4} component="span" wrap="nowrap">
        <IconDownload size={16} aria-hidden />
        {download.isPending ? 'Preparing your logs…' : 'Download my logs (CSV)'}
      </Group>
    </Anchor>
  );
}
