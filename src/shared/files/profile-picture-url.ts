/** Checked pictures live under this prefix, as `pictures/{userId}/{uuid}.{ext}`. */
export const PICTURE_PREFIX = 'pictures/';

/**
 * The address a profile answer gives for a stored picture key (`profile_pic`), served by
 * `GET /api/v1/users/picture/{userId}/{name}` in the server's files/picture.routes.ts.
 */
export function profilePictureUrl(key: string): string {
  return `/api/v1/users/picture/${key.slice(PICTURE_PREFIX.length)}`;
}
