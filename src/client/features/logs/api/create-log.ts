import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LogEntryWire } from '../../../../shared/logs/log-entry.schema';
import { invalidateAfterLogChange } from '../../../lib/invalidate-logs';

/**
 * POST /api/v1/experience-log/: a new log, pending review; null when the server cannot be
 * reached and the entry is kept on this device to send later (features/logs/offline).
 */
export async function createLog(body: LogEntryWire) {
  // Loaded with the first save, not with the log form (issue 11): the response's schema names
  // the task lists' item schema, and the offline queue is needed only then.
  const { sendOrKeep } = await import('../offline/send-or-keep');
  return sendOrKeep(body);
}

export function useCreateLog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLog,
    // Offline too: the entry is then kept on the device (React Query would hold it paused).
    networkMode: 'always',
    onSuccess: () => invalidateAfterLogChange(queryClient),
  });
}
