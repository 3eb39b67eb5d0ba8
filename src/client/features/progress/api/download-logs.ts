import { useMutation } from '@tanstack/react-query';
import {
  LOG_EXPORT_FILENAME,
  type LogExportRequest,
} from '../../../../shared/logs/experience-log.schema';
import { apiFetch } from '../../../lib/api-client';

/**
 * POST /api/v1/download-experience-log/: the chosen logs as CSV, saved as 'Experience logs.csv'.
 * The server streams the file; the browser holds it as a Blob only for the moment of the save.
 */
export async function downloadLogs(body: LogExportRequest): Promise<void> {
  const response = await apiFetch('/api/v1/download-experience-log/', { method: 'POST', body });
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = LOG_EXPORT_FILENAME;
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked after the click has started the save; revoking at once cancels it in some browsers.
    window.setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}

export function useDownloadLogs() {
  return useMutation({ mutationFn: downloadLogs });
}
