import { PictureSignedUrlAnswerSchema } from '../../../../shared/files/profile-picture.schema';
import { apiRequest } from '../../../lib/api-client';

/** POST /users/upload/signed-url: where to PUT a picture's bytes (step 1 of 3, SPEC §7). */
export function createPictureUploadUrl(key: string) {
  return apiRequest(PictureSignedUrlAnswerSchema, '/users/upload/signed-url', {
    method: 'POST',
    body: { key },
  });
}
