import { useMutation } from '@tanstack/react-query';
import {
  LOG_EXPORT_FILENAME,
  type LogExportRequest,
} from '../../../../shared/logs/experience-log.schema';
import { apiFetch } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-file';

/**
 * POST /api/v1/download-experience-log/: the chosen logs as CSV, saved as 'Experience logs.csv'.
 */
export async function downloadLogs(body: LogExportRequest): Promise<void> {
  const response = await apiFetch('/api/v1/download-experience-log/', { method: 'POST', body });
  saveBlob(await response.blob(), LOG_EXPORT_FILENAME);
}

export function useDownloadLogs() {
  return useMutation({ mutationFn: downloadLogs });
}
