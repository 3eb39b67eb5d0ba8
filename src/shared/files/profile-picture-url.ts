/** Checked pictures live under this prefix, as `pictures/{userId}/{uuid}.{ext}`. */
export const PICTURE_PREFIX = 'pictures/';

/** A stored picture key's address, served by the server's files/picture.routes.ts. */
export function profilePictureUrl(key: string): string {
  return `/api/v1/users/picture/${key.slice(PICTURE_PREFIX.length)}`;
}
