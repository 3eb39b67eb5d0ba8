import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { UserSchema } from '../../../../shared/accounts/account.schema';
import type { SupervisorProfileUpdateBodySchema } from '../../../../shared/accounts/profile-update.schema';
import { apiRequest } from '../../../lib/api-client';
import { QUALIFICATION_KEYS } from './qualification-keys';
import { queryKeys } from '../../../lib/query-keys';
import { PROFILE_QUERY_KEY } from './get-profile';

type SupervisorProfileUpdate = {
  id: number;
  body: z.input<typeof SupervisorProfileUpdateBodySchema>;
};

/** PUT /users/supervisor/{id}/: the five BACB credential fields, and the qualification ones sent. */
export function updateSupervisorProfile({ id, body }: SupervisorProfileUpdate) {
  return apiRequest(UserSchema, `/users/supervisor/${id}/`, { method: 'PUT', body });
}

export function useUpdateSupervisorProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSupervisorProfile,
    onSuccess: async (user) => {
      queryClient.setQueryData(PROFILE_QUERY_KEY, user);
      // The consultations owed and the forms' flags read the certification and training dates.
      await queryClient.invalidateQueries({ queryKey: QUALIFICATION_KEYS.all });
      await queryClient.invalidateQueries({ queryKey: queryKeys.forms.all });
    },
  });
}
