import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const MsgSchema = z.object({ msg: z.string() });

/**
 * POST /api/v1/send-supervisor-invitation/: mails the supervisor a link to register with their
 * email filled in and locked; the record is then marked invited.
 */
export function sendInvitation(email: string) {
  return apiRequest(MsgSchema, '/api/v1/send-supervisor-invitation/', {
    method: 'POST',
    body: { supervisor_email: email },
  });
}

export function useSendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.supervisors.all }),
  });
}
