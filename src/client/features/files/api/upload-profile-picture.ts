import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pictureUploadKey } from '../../../../shared/files/profile-picture.schema';
import { putToSignedUrl } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';
import { confirmProfilePicture } from './confirm-profile-picture';
import { createPictureUploadUrl } from './create-picture-upload-url';

/** The extension a picture's upload key names, from its type or else its name. */
export function pictureExtension(file: { name: string; type: string }): string {
  if (file.type === 'image/png') return 'png';
  if (file.type === 'image/jpeg') return 'jpg';
  if (file.type === 'image/svg+xml') return 'svg';
  const named = /\.(png|jpe?g|svg)$/i.exec(file.name)?.[1];
  return named ? named.toLowerCase() : 'png';
}

/**
 * The profile picture's three steps (SPEC §7): a signed URL, the file PUT straight to it, then
 * the server's check. What the server says of the file (an SVG, a file too large) comes back as
 * an ApiError.
 */
export async function uploadProfilePicture({ userId, file }: { userId: number; file: File }) {
  const key = pictureUploadKey(userId, Date.now(), pictureExtension(file));
  const target = await createPictureUploadUrl(key);
  await putToSignedUrl(target.url, file);
  return confirmProfilePicture(target.key);
}

/** Uploads the picture; the header (session user) and the profile show it at once. */
export function useUploadProfilePicture() {
  const queryClient = useQueryClient();
  const { setUser } = useSession();
  return useMutation({
    mutationFn: uploadProfilePicture,
    onSuccess: (user) => {
      setUser(user);
      queryClient.setQueryData(queryKeys.profile, user);
    },
  });
}
