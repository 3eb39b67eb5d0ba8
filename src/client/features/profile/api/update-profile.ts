import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { UserSchema } from '../../../../shared/accounts/account.schema';
import type { ProfileUpdateBodySchema } from '../../../../shared/accounts/profile-update.schema';
import { apiRequest } from '../../../lib/api-client';
import { PROFILE_QUERY_KEY } from './get-profile';

type ProfileUpdate = { id: number; body: z.input<typeof ProfileUpdateBodySchema> };

/** PUT /users/profile/{id}/: the name (the email is read-only). */
export function updateProfile({ id, body }: ProfileUpdate) {
  return apiRequest(UserSchema, `/users/profile/${id}/`, { method: 'PUT', body });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => queryClient.setQueryData(PROFILE_QUERY_KEY, user),
  });
}
