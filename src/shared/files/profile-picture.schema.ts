import { z } from 'zod';
import { safeText } from '../wire/primitives';

/** SPEC §7's upload key, media/test/{userId}/{timestamp}.{ext}; the server checks the id is yours. */
export const PICTURE_UPLOAD_KEY =
  /^media\/[A-Za-z0-9_-]{1,40}\/(\d{1,10})\/[A-Za-z0-9_-]{1,64}\.(png|jpe?g|svg)$/i;
export const PICTURE_KEY_MESSAGE = 'Not a valid upload key';

/** The key SPEC §7's client builds for a picture it is about to upload. */
export function pictureUploadKey(userId: number, timestamp: number, extension: string): string {
  return `media/test/${userId}/${timestamp}.${extension.toLowerCase()}`;
}

const KeySchema = safeText({ error: PICTURE_KEY_MESSAGE })
  .trim()
  .regex(PICTURE_UPLOAD_KEY, { error: PICTURE_KEY_MESSAGE });

/** POST /users/upload/signed-url: the key to upload to (one is made when none is sent). */
export const PictureSignedUrlRequestSchema = z.object({ key: KeySchema.optional() });

/** Where to PUT the picture's bytes (no sign-in header; any content type), and until when. */
export const PictureSignedUrlAnswerSchema = z.object({
  key: z.string(),
  url: z.string(),
  method: z.literal('PUT'),
  expires_at: z.string(),
  max_bytes: z.number(),
});
export type PictureSignedUrlAnswer = z.infer<typeof PictureSignedUrlAnswerSchema>;

/** POST /users/upload/picture: the uploaded key to check and make the profile picture. */
export const PictureConfirmRequestSchema = z.object({
  key: z.string({ error: PICTURE_KEY_MESSAGE }).pipe(KeySchema),
});
